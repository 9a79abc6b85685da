package org.featurecompass.ui.views.execution;

import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;

/** The Executions view's selection for the workbench: an {@link ExecutionRowsSelection}. UI thread. */
@NonNullByDefault({}) // JFace's interface leaves its parameters unannotated
final class RowSelectionProvider implements ISelectionProvider {

    private final ListenerList<ISelectionChangedListener> fListeners = new ListenerList<>();
    private ISelection fSelection = StructuredSelection.EMPTY;

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener listener) {
        fListeners.add(listener);
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener listener) {
        fListeners.remove(listener);
    }

    @Override
    public ISelection getSelection() {
        return fSelection;
    }

    @Override
    public void setSelection(ISelection selection) {
        fSelection = selection;
        SelectionChangedEvent event = new SelectionChangedEvent(this, selection);
        for (ISelectionChangedListener listener : fListeners) {
            listener.selectionChanged(event);
        }
    }
}
