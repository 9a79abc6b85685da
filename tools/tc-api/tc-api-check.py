#!/usr/bin/env python3
"""Lists the Trace Compass API that Feature Compass's built bundles use, and checks it.

Every class, method and field of a Trace Compass package (org.eclipse.tracecompass.*) that the
compiled classes of the shipped bundles refer to is read from their constant pools (javap -v):
class references (including the classes we extend or implement), method, interface-method and
field references with their JVM descriptors; and from their plugin.xml, the Trace Compass
classes named in class="..." attributes, the extension points they extend (point="...") and
the Trace Compass ids they refer to (id="org.eclipse.tracecompass...", e.g. a view; what follows
':' is a secondary id of ours).

  list    --jars JAR...                  print the used API, one sorted line per item
  compare --jars JAR... --expected FILE  exit 1 if the used API differs from FILE (the list
                                         last checked against Trace Compass 10 and 11), print
                                         the added and removed lines
  verify  --jars JAR... --tc-git DIR --rev TAG [--rev TAG...] [--reflective FILE]
                                         look each item up in the Trace Compass sources at each
                                         tag (DIR: a git directory of
                                         eclipse-tracecompass/org.eclipse.tracecompass, bare or
                                         not); exit 1 if anything is missing at any tag. FILE
                                         lists members called by reflection (the adapters), one
                                         line of alternatives "owner.name|owner.name2" each: at
                                         least one must exist at each tag

How verify decides (a source-level check, not a binary one):
- a class exists if some src/<package path>/<Name>.java exists at the tag (nested classes: their
  top-level file, with "class|interface|enum|record <Nested>" in it);
- a member exists if its name is declared in the owner's source or in a supertype's, walked
  through "extends"/"implements" clauses resolved by imports and the same package; a JDK
  supertype (java.*, e.g. Exception, Collection) is looked up with javap; a member of
  Object is always there; a member only a non-JDK, non-TC supertype could declare (SWT, JFace)
  is reported as assumed, not missing;
- "<init>" needs a constructor of the owner (any, or the implicit one);
- the Trace Compass classes and interfaces our classes extend or implement directly must not
  have gained an abstract method (an interface method without a body) since the baseline tag
  (--baseline, the version we compile against: default v6.2.0), which our classes would lack;
- parameter and return types are not compared: a member whose name survives but whose signature
  changed is reported only if the Java compiler of a build against that version says so.
doc/tc-compatibility.md records the last result and how to re-run it.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import zipfile

TC = 'org/eclipse/tracecompass/'


def class_entries(jars):
    for jar in jars:
        with zipfile.ZipFile(jar) as z:
            for name in z.namelist():
                if name.endswith('.class'):
                    yield jar, name, z.read(name)


def used_api(jars, supertypes=None):
    """{(owner, member or None, descriptor or None)}: the TC items the classes refer to; the TC
    types they extend or implement are added to supertypes, if given."""
    used = set()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, (_, _, data) in enumerate(class_entries(jars)):
            path = os.path.join(tmp, f'c{i}.class')
            with open(path, 'wb') as f:
                f.write(data)
            paths.append(path)
        for start in range(0, len(paths), 200):
            out = subprocess.run(['javap', '-v'] + paths[start:start + 200], capture_output=True, text=True, check=True).stdout
            for m in re.finditer(r'= (?:Methodref|InterfaceMethodref|Fieldref)\s+#\d+\.#\d+\s+// (org/eclipse/tracecompass/[\w/$]+)\.("?<?[\w$]+>?"?):(\S+)', out):
                used.add((m.group(1), m.group(2).strip('"'), m.group(3)))
            for m in re.finditer(r'= Class\s+#\d+\s+// (\[*L?)(org/eclipse/tracecompass/[\w/$]+)', out):
                used.add((m.group(2), None, None))
            if supertypes is not None:
                for header in re.findall(r'^\s*(?:[\w ]*\s)?(?:class|interface) [\w.$]+(?:<.*?>)? ((?:extends|implements) [^{\n]*)', out, re.M):
                    supertypes.update(t.replace('.', '/') for t in re.findall(r'(org\.eclipse\.tracecompass\.[\w.$]+)', header))
    return used


def plugin_xml_api(jars):
    """{(kind, name)}: the Trace Compass classes, extension points and ids the plugin.xml files name."""
    used = set()
    for jar in jars:
        with zipfile.ZipFile(jar) as z:
            if 'plugin.xml' not in z.namelist():
                continue
            xml = z.read('plugin.xml').decode('utf-8')
        for name in re.findall(r'class="(org\.eclipse\.tracecompass\.[\w.$]+)"', xml):
            used.add(('plugin.xml class', name.replace('.', '/')))
        for point in re.findall(r'point="([\w.]+)"', xml):
            if point.startswith(('org.eclipse.linuxtools.', 'org.eclipse.tracecompass.')):
                used.add(('plugin.xml extension point', point))
        for ref in re.findall(r'\bid="(org\.eclipse\.tracecompass\.[\w.]+)(?::[^"]*)?"', xml):
            used.add(('plugin.xml id', ref))
    return used


def lines_of(used):
    return sorted(f'{owner}' if member is None else f'{owner}.{member}:{desc}' for owner, member, desc in used)


class Sources:
    """The Trace Compass sources at one tag."""

    def __init__(self, git_dir, rev):
        self.git_dir, self.rev = git_dir, rev
        files = subprocess.run(['git', '--git-dir', git_dir, 'ls-tree', '-r', '--name-only', rev],
                               capture_output=True, text=True, check=True).stdout.split('\n')
        self.plugin_xmls = [f for f in files if f.endswith('/plugin.xml') and '.tests/' not in f]
        self._points = self._ids = None
        self.by_class = {}
        for f in files:
            m = re.search(r'/src/(org/eclipse/tracecompass/.+)\.java$', f)
            if m and '/tests/' not in f and '.tests/' not in f:
                self.by_class.setdefault(m.group(1), f)
        self.cache = {}

    def source(self, top):
        if top not in self.cache:
            path = self.by_class.get(top)
            self.cache[top] = None if path is None else subprocess.run(
                ['git', '--git-dir', self.git_dir, 'show', f'{self.rev}:{path}'], capture_output=True, text=True).stdout
        return self.cache[top]

    def _read_plugin_xmls(self):
        self._points, self._ids = set(), set()
        for f in self.plugin_xmls:
            xml = subprocess.run(['git', '--git-dir', self.git_dir, 'show', f'{self.rev}:{f}'], capture_output=True, text=True).stdout
            bundle = f.split('/')[-2]
            for point in re.findall(r'<extension-point[^>]*\bid="([\w.]+)"', xml):
                self._points.add(point if '.' in point else f'{bundle}.{point}')
            self._ids.update(re.findall(r'\bid="([\w.]+)"', xml))

    def has_extension_point(self, point):
        if self._points is None:
            self._read_plugin_xmls()
        return point in self._points

    def has_id(self, ident):
        if self._ids is None:
            self._read_plugin_xmls()
        return ident in self._ids

    def abstract_members(self, owner):
        """Names of the abstract methods a type declares itself (interface methods without a body)."""
        src = self.source(owner.split('$')[0])
        if src is None:
            return set()
        simple = owner.split('$')[-1] if '$' in owner else owner.rsplit('/', 1)[1]
        interface = re.search(r'\binterface\s+' + re.escape(simple) + r'\b', src) is not None
        names = set()
        for line in src.split('\n'):
            text = line.strip()
            if text.startswith(('*', '/')):
                continue
            if interface:
                m = re.match(r'^(?!default\b|static\b|return\b|private\b)[\w<>\[\]@?, .]*?\b(\w+)\s*\([^)]*\)\s*(throws [\w., ]+)?;', text)
            else:
                m = re.search(r'\babstract\b.*?\b(\w+)\s*\(', text)
            if m:
                names.add(m.group(1))
        return names

    def has_class(self, owner):
        top, *nested = owner.split('$')
        src = self.source(top)
        if src is None:
            return False
        return all(re.search(r'\b(class|interface|enum|record)\s+' + re.escape(n) + r'\b', src) for n in nested if not n.isdigit())

    def supertypes(self, owner):
        """Supertypes of owner from its declaration's extends/implements: TC ones as paths
        (org/eclipse/...), others as dotted names (java.util.Collection)."""
        top, *nested = owner.split('$')
        src = self.source(top) or ''
        name = nested[-1] if nested else top.rsplit('/', 1)[1]
        m = re.search(r'\b(?:class|interface|enum|record)\s+' + re.escape(name) + r'\b([^{]*)\{', src)
        if not m:
            return []
        header = re.sub(r'<[^<>]*(<[^<>]*>[^<>]*)*>', '', m.group(1))  # drop type arguments
        names = re.findall(r'\b([A-Z]\w*)\b', ' '.join(re.findall(r'(?:extends|implements)\s+([\w\s.,]+)', header)))
        package = top.rsplit('/', 1)[0]
        result = []
        for simple in names:
            imported = re.search(r'^import\s+(org\.eclipse\.tracecompass\.[\w.]+\.' + simple + r');', src, re.M)
            if imported:
                result.append(imported.group(1).replace('.', '/'))
            elif f'{package}/{simple}' in self.by_class:
                result.append(f'{package}/{simple}')
            elif re.search(r'\b(class|interface)\s+' + simple + r'\b', src):
                result.append(f'{top}${simple}')
            else:
                other = re.search(r'^import\s+([\w.]+\.' + simple + r');', src, re.M)
                result.append(other.group(1) if other else f'java.lang.{simple}')
        return result

    def declares(self, owner, member, seen=None):
        """True, False, or the name of a non-JDK foreign supertype that may declare it."""
        seen = seen if seen is not None else set()
        if owner in seen:
            return False
        seen.add(owner)
        if '.' in owner:  # a supertype outside Trace Compass
            if owner.startswith('java.'):
                return jdk_declares(owner, member)
            return owner
        if member in OBJECT_METHODS:
            return True
        src = self.source(owner.split('$')[0])
        if src is None:
            return False
        if member == '<init>':
            simple = owner.split('$')[-1] if '$' in owner else owner.rsplit('/', 1)[1]
            return (re.search(r'\b' + re.escape(simple) + r'\s*\(', src) is not None
                    or not re.search(r'\b(public|protected|private)\s+' + re.escape(simple) + r'\s*\(', src))
        if member == '<clinit>' or re.search(r'\b' + re.escape(member) + r'\b', src):
            return True
        assumed = False
        for supertype in self.supertypes(owner):
            found = self.declares(supertype, member, seen)
            if found is True:
                return True
            assumed = assumed or found
        return assumed


OBJECT_METHODS = {'toString', 'equals', 'hashCode', 'getClass', 'notify', 'notifyAll', 'wait', 'clone', 'finalize'}
_JDK = {}


def jdk_declares(name, member):
    """Whether a JDK class or one of its JDK supertypes (javap's declaration line) declares member."""
    if name not in _JDK:
        _JDK[name] = subprocess.run(['javap', '-public', name], capture_output=True, text=True).stdout
    text = _JDK[name]
    if re.search(r'\b' + re.escape(member) + r'\s*\(|\b' + re.escape(member) + r';', text):
        return True
    header = re.search(r'^[^{]*\b(?:class|interface)\s+[\w.$]+(?:<.*?>)?([^{]*)\{', text, re.M | re.S)
    supers = re.findall(r'\b(java\.[\w.$]+)', re.sub(r'<[^{]*?>', '', header.group(1))) if header else []
    return any(jdk_declares(s, member) for s in supers)


def verify(used, xml_used, sources, reflective, supertypes, baseline):
    missing, assumed = [], []
    for supertype in sorted(supertypes):
        if sources.has_class(supertype):
            for name in sorted(sources.abstract_members(supertype) - baseline.abstract_members(supertype)):
                missing.append(f'NEW ABSTRACT {supertype}.{name} (since {baseline.rev}; our subclass lacks it)')
    for owner, member, desc in sorted(used, key=lambda u: (u[0], u[1] or '', u[2] or '')):
        if not sources.has_class(owner):
            missing.append(f'MISSING CLASS {owner}' if member is None else f'MISSING CLASS {owner} (of {member}:{desc})')
        elif member is not None:
            found = sources.declares(owner, member)
            if found is False:
                missing.append(f'MISSING MEMBER {owner}.{member}:{desc}')
            elif found is not True:
                assumed.append(f'ASSUMED {owner}.{member}:{desc} (may come from {found})')
    for kind, name in sorted(xml_used):
        found = (sources.has_class(name) if kind == 'plugin.xml class' else sources.has_extension_point(name)
                 if kind == 'plugin.xml extension point' else sources.has_id(name))
        if not found:
            missing.append(f'MISSING {kind} {name}')
    for alternatives in reflective:
        present = [a for a in alternatives if sources.has_class(a.rsplit('.', 1)[0]) and sources.declares(*a.rsplit('.', 1)) is True]
        if not present:
            missing.append('MISSING REFLECTIVE none of ' + ' | '.join(alternatives))
        else:
            assumed.append('REFLECTIVE uses ' + present[0] + ' (of ' + ' | '.join(alternatives) + ')')
    return sorted(set(missing)), assumed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('command', choices=['list', 'compare', 'verify'])
    parser.add_argument('--jars', nargs='+', required=True)
    parser.add_argument('--expected')
    parser.add_argument('--tc-git')
    parser.add_argument('--rev', action='append')
    parser.add_argument('--reflective')
    parser.add_argument('--baseline', default='v6.2.0')
    a = parser.parse_args()
    supertypes = set()
    used = used_api(a.jars, supertypes)
    xml_used = plugin_xml_api(a.jars)
    lines = lines_of(used) + sorted(f'{kind} {name}' for kind, name in xml_used)
    if a.command == 'list':
        print('\n'.join(lines))
        return 0
    if a.command == 'compare':
        with open(a.expected) as f:
            expected = [l.strip() for l in f if l.strip() and not l.startswith('#')]
        added = sorted(set(lines) - set(expected))
        removed = sorted(set(expected) - set(lines))
        for l in added:
            print('+ ' + l)
        for l in removed:
            print('- ' + l)
        if added or removed:
            print(f'tc-api-check: the Trace Compass API in use changed ({len(added)} added, {len(removed)} removed): '
                  'verify it against Trace Compass 10.0 and 11.x and update the list and doc/tc-compatibility.md '
                  '(see there)', file=sys.stderr)
            return 1
        print(f'tc-api-check: the {len(lines)} Trace Compass classes, members and plugin.xml names in use are the verified ones')
        return 0
    reflective = []
    if a.reflective:
        with open(a.reflective) as f:
            reflective = [l.strip().split('|') for l in f if l.strip() and not l.startswith('#')]
    status = 0
    baseline = Sources(a.tc_git, a.baseline)
    for rev in a.rev or ['HEAD']:
        missing, notes = verify(used, xml_used, Sources(a.tc_git, rev), reflective, supertypes, baseline)
        classes = len({o for o, _, _ in used})
        print(f'== Trace Compass {rev}: {classes} classes and {len(used) - classes} members used by the classes, '
              f'{len(xml_used)} names in plugin.xml, {len(reflective)} members called by reflection, '
              f'{len(supertypes)} types extended or implemented; {len(missing)} missing')
        for m in missing + notes:
            print(m)
        status |= 1 if missing else 0
    return status


if __name__ == '__main__':
    sys.exit(main())
