import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A form named for a resource is what the app sends it (engine/ties/types.ts, REQUEST_WORDS): Flask-WTF's
 * `class ComplaintForm(FlaskForm): extra = StringField(…)`. A sample constant named for a resource
 * (`INTERVIEW = {…}` in a conftest) keeps its tie when a nested value of it is an address (polyglot/ties.ts,
 * addressIn: `"marketplace": {"url": "https://care.example.org/"}` is its data). A help desk's form and sample of the
 * same shape stay unreported and unchanged.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const forms = (name: string) =>
  [
    'from flask_wtf import FlaskForm',
    'from wtforms import StringField, TextAreaField',
    '',
    '',
    `class ${name}Form(FlaskForm):`,
    '    text = TextAreaField("What brings you in?")',
    '    extra = StringField("Anything else?")',
    '',
  ].join('\n');

const client = (api: string, path: string, fn: string) =>
  [
    'import requests',
    '',
    `API = "${api}"`,
    '',
    '',
    `def ${fn}(interview, text, extra):`,
    `    return requests.post(API + "${path}/", json={"interview": interview, "text": text, "extra": extra}).json()`,
    '',
  ].join('\n');

const view = (name: string, fn: string) =>
  [`from .client import ${fn}`, `from .forms import ${name}Form`, '', '', 'def describe(token):', `    form = ${name}Form()`, `    return ${fn}(token, form.text.data, form.extra.data)`, ''].join('\n');

const samples = (api: string, name: string) =>
  [
    `API = "${api}"`,
    '',
    `${name} = {`,
    '    "token": "int-1",',
    '    "profile": {"age": 34, "race": "asian"},',
    '    "marketplace": {"url": "https://care.example.org/"},',
    '}',
    '',
  ].join('\n');

describe('Flask forms and nested sample addresses', () => {
  it("a complaint form's extra, an interview sample holding a link; the desk's twins stay", async () => {
    const deskForm = forms('Ticket');
    const deskView = view('Ticket', 'open_ticket');
    const deskSample = samples('https://help.example.com/api/', 'TICKET');
    writeTree(dir, {
      'intake/client.py': client('https://www.buoyhealth.com/api/', 'complaints', 'create_complaint'),
      'intake/forms.py': forms('Complaint'),
      'intake/views.py': view('Complaint', 'create_complaint'),
      'desk/client.py': client('https://help.example.com/api/', 'tickets', 'open_ticket'),
      'desk/views.py': deskView,
      'tests/conftest.py': samples('https://www.buoyhealth.com/api/', 'INTERVIEW'),
      'desk/forms.py': deskForm,
      'desk/conftest.py': deskSample,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'intake/forms.py')).toEqual(['7 complaint-extra-removed']);
    expect(sites(r, 'tests/conftest.py')).toEqual(['1 base-url', '5 interview-profile-fields-removed', '6 interview-marketplace-variant-removed']);
    expect(sites(r, 'desk/forms.py')).toEqual([]);
    expect(sites(r, 'desk/views.py')).toEqual([]);
    expect(sites(r, 'desk/conftest.py')).toEqual([]);
    const after = (file: string) => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);
    expect(after('desk/forms.py')).toBe(deskForm);
    expect(after('desk/views.py')).toBe(deskView);
    expect(after('desk/conftest.py')).toBe(deskSample);
  });
});
