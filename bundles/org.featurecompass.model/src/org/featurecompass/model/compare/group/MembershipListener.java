package org.featurecompass.model.compare.group;

/** Told of every execution that enters or leaves a group, so that aggregates follow incrementally. */
public interface MembershipListener {

    /**
     * @param group the group
     * @param execution the execution that entered it
     */
    void entered(Group group, int execution);

    /**
     * @param group the group
     * @param execution the execution that left it
     */
    void left(Group group, int execution);
}
