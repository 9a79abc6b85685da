"""Independent check of a comparison report (ComparisonReportTest).

Reads the generator's raw self times (raw.tsv: group, then path=self_ns pairs, frames as UTF-8
hex), validates report.json against the JSON Schema with the jsonschema package, recomputes every
context's per-execution inclusive times, means, standard deviations, Welch test (SciPy) and
Benjamini-Hochberg q-values, and compares them with report.json, report.csv, both groups'
folded stacks and the boxes of report.html. Prints 'ok N contexts, M significant'.
"""
import csv
import io
import json
import math
import sys
from collections import defaultdict
from html.parser import HTMLParser

import jsonschema
import numpy
import scipy.stats

folder, schema_path = sys.argv[1], sys.argv[2]


def fail(message):
    sys.exit('report_peer: ' + message)


def close(a, b, rel, what):
    if a is None or b is None:
        if a is not b:
            fail('%s: %r vs %r' % (what, a, b))
        return
    if math.isinf(a) or math.isinf(b):
        if a != b:
            fail('%s: %r vs %r' % (what, a, b))
        return
    if abs(a - b) > rel * max(abs(a), abs(b), 1e-300) and abs(a - b) > 1e-300:
        fail('%s: report %r, peer %r' % (what, a, b))


# 1. Schema.
with open(schema_path, encoding='utf-8') as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
with open(folder + '/report.json', encoding='utf-8') as f:
    report = json.load(f)
jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(report)

# 2. Raw data: inclusive time of every path prefix per execution.
groups = {'A': [], 'B': []}
self_by_group = {'A': defaultdict(int), 'B': defaultdict(int)}
with open(folder + '/raw.tsv', encoding='utf-8') as f:
    for line in f:
        fields = line.rstrip('\n').split('\t')
        group = fields[0]
        inclusive = defaultdict(int)
        for pair in fields[1:]:
            path_text, value = pair.rsplit('=', 1)
            path = tuple(bytes.fromhex(h).decode('utf-8') for h in path_text.split(','))
            value = int(value)
            for depth in range(len(path) + 1):
                inclusive[path[:depth]] += value
            if group in self_by_group:
                self_by_group[group][path] += value
        if group in groups:
            groups[group].append(inclusive)
if report['groups']['A']['size'] != len(groups['A']) or report['groups']['B']['size'] != len(groups['B']):
    fail('group sizes %s vs %d, %d' % (report['groups'], len(groups['A']), len(groups['B'])))

# 3. Contexts: the paths reached by A or B, root first, parents before children.
paths = {}
for c in report['contexts']:
    if c['parent'] is None:
        paths[c['id']] = ()
    else:
        if c['parent'] not in paths:
            fail('context %d listed before its parent %d' % (c['id'], c['parent']))
        paths[c['id']] = paths[c['parent']] + (c['frame'],)
reached = set()
for group in groups.values():
    for execution in group:
        reached.update(execution.keys())
if set(paths.values()) != reached or len(paths) != len(reached):
    fail('contexts %s vs reached %s' % (sorted(paths.values()), sorted(reached)))

# 4. Statistics per context, against SciPy.
settings = report['comparison']['settings']
inclusive_measure = settings.get('measure', 'inclusive') == 'inclusive'
if not inclusive_measure or settings.get('test', 'welch') != 'welch':
    fail('the peer checks Welch on inclusive time only: %s' % settings)
family = []
for c in report['contexts']:
    path = paths[c['id']]
    values = {g: numpy.array([e.get(path, 0) for e in groups[g]], dtype=float) for g in 'AB'}
    for g in 'AB':
        close(c[g]['mean'], float(numpy.mean(values[g])), 1e-12, 'mean %s of %s' % (g, path))
        close(c[g]['sd'], float(numpy.std(values[g], ddof=1)), 1e-9, 'sd %s of %s' % (g, path))
        if c[g]['present'] != int(numpy.count_nonzero([path in e for e in groups[g]])):
            fail('present %s of %s' % (g, path))
    close(c['difference'], float(numpy.mean(values['B']) - numpy.mean(values['A'])), 1e-9, 'difference of %s' % (path,))
    if c['test']['outcome'] == 'tested':
        t = scipy.stats.ttest_ind(values['B'], values['A'], equal_var=False)
        close(c['test']['statistic'], float(t.statistic), 1e-9, 't of %s' % (path,))
        close(c['test']['df'], float(t.df), 1e-9, 'df of %s' % (path,))
        close(c['test']['p'], float(t.pvalue), 1e-8, 'p of %s' % (path,))
        family.append((c, float(t.pvalue)))
    elif c['test']['p'] is not None:
        family.append((c, c['test']['p']))
q = scipy.stats.false_discovery_control([p for _, p in family], method='bh')
significant = 0
for (c, _), q_peer in zip(family, q):
    close(c['q'], float(q_peer), 1e-8, 'q of %s' % (paths[c['id']],))
    mean_a, mean_b = c['A']['mean'], c['B']['mean']
    diff = mean_b - mean_a
    relative = 0 if max(mean_a, mean_b) == 0 else diff / max(mean_a, mean_b)
    expected = (q_peer < settings['alpha'] and abs(diff) >= settings['minAbsoluteNs']
                and abs(relative) >= settings['minRelative'] and diff != 0)
    if c['significant'] != expected:
        fail('significant of %s: %s, peer %s' % (paths[c['id']], c['significant'], expected))
    if c['parent'] is not None:  # the root is no difference to rank
        significant += expected

# 5. CSV: the ranked contexts.
by_id = {c['id']: c for c in report['contexts']}
with open(folder + '/report.csv', encoding='utf-8', newline='') as f:
    rows = list(csv.DictReader(f))
if [int(r['id']) for r in rows] != report['ranked']:
    fail('CSV order %s vs ranked %s' % ([r['id'] for r in rows], report['ranked']))
previous = None
rank = 0
for r in rows:
    c = by_id[int(r['id'])]
    if r['context'] != ';'.join(paths[c['id']]):
        fail('CSV context %r vs %r' % (r['context'], paths[c['id']]))
    for column, value in (('mean_a_ns', c['A']['mean']), ('mean_b_ns', c['B']['mean']), ('difference_ns', c['difference']),
                          ('q', c['q']), ('p', c['test']['p'])):
        close(float(r[column]) if r[column] != '' else None, value, 1e-14, 'CSV %s of %s' % (column, r['context']))
    if (r['significant'] == 'true') != c['significant']:
        fail('CSV significant of %s' % r['context'])
    if c['significant']:
        rank += 1
        if r['rank'] != str(rank) or (previous is not None and abs(c['difference']) > previous):
            fail('CSV rank of %s' % r['context'])
        previous = abs(c['difference'])
    elif r['rank'] != '':
        fail('CSV rank of a non-significant context %s' % r['context'])
if rank != significant:
    fail('CSV lists %d significant contexts, peer %d' % (rank, significant))

# 6. Folded stacks: per group, the self time summed over its executions, per stack.
for g in 'AB':
    expected = defaultdict(int)
    for path, value in self_by_group[g].items():
        if value:
            expected[';'.join(f.replace(';', ':').replace('\n', ' ').replace('\r', ' ').replace('\t', ' ') for f in path)] += value
    found = defaultdict(int)
    with open(folder + '/report.folded-' + g, encoding='utf-8') as f:
        for line in f:
            stack, value = line.rstrip('\n').rsplit(' ', 1)
            found[stack] += int(value)
    if dict(found) != dict(expected):
        fail('folded %s: %s vs %s' % (g, dict(found), dict(expected)))


# 7. HTML: one box per context, labels as the frames, one script element and the flame graph's
# compact data, whose figures are the JSON's to the digits it keeps.
class Boxes(HTMLParser):
    def __init__(self):
        super().__init__()
        self.labels = []
        self.scripts = 0
        self.data_scripts = 0
        self.in_data = False
        self.data = ''

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == 'g' and attributes.get('class') == 'box':
            self.labels.append(attributes['data-label'])
        if tag == 'script' and attributes.get('type') == 'application/json':
            self.data_scripts += 1
            self.in_data = attributes.get('id') == 'fg-data'
        elif tag == 'script':
            self.scripts += 1

    def handle_endtag(self, tag):
        if tag == 'script':
            self.in_data = False

    def handle_data(self, data):
        if self.in_data:
            self.data += data


parser = Boxes()
with open(folder + '/report.html', encoding='utf-8') as f:
    parser.feed(f.read())
expected_labels = sorted('all' if paths[c['id']] == () else paths[c['id']][-1] for c in report['contexts'])
if sorted(parser.labels) != expected_labels:
    fail('HTML boxes %s vs contexts %s' % (sorted(parser.labels), expected_labels))
if parser.scripts != 1 or parser.data_scripts != 1:
    fail('HTML has %d script elements and %d data elements' % (parser.scripts, parser.data_scripts))
data = json.loads(parser.data)
by_id = {c['id']: c for c in report['contexts']}
if sorted(data['id']) != sorted(by_id):
    fail('flame graph data: contexts %s vs %s' % (sorted(data['id']), sorted(by_id)))
for i, cid in enumerate(data['id']):
    c = by_id[cid]
    parent = None if i == 0 else data['id'][i - data['up'][i]]
    label = 'all' if paths[cid] == () else paths[cid][-1]
    if parent != c['parent'] or data['frames'][data['f'][i]] != label or data['ra'][i] != c['A']['present'] or data['rb'][i] != c['B']['present']:
        fail('flame graph data of context %d' % cid)
    for key, group in (('ma', 'A'), ('mb', 'B')):
        if not math.isclose(data[key][i], c[group]['mean'], rel_tol=1e-4, abs_tol=1e-9):
            fail('flame graph data of context %d: %s %s vs %s' % (cid, key, data[key][i], c[group]['mean']))
    if data['palette'][data['c'][i]] != c['colour'] or bool(data['s'][i]) != c['significant']:
        fail('flame graph data of context %d: colour or significance' % cid)

print('ok %d contexts, %d significant' % (len(report['contexts']), significant))
