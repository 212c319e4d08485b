import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Forms of server templates that post to the app's own routes, whose handlers pass what they post on to the API
 * (components/posted-fields.ts): a removed request field posted to a route of its resource, a changed mode posted to
 * the interview's route. A helpdesk's form, an answer's `extra` (still taken), and a project whose handlers forward
 * nothing stay unreported and unchanged.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const client = [
  'import requests',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  'DESK = "https://help.example.com/api/"',
  '',
  '',
  'class Modes:',
  '    SAFE = "safe"',
  '    TRIAGE = "triage"',
  '',
  '',
  'def add_complaint(token, text, extra=None):',
  '    return requests.post(BASE + "complaints/", json={"interview": token, "text": text, "extra": extra})',
  '',
  '',
  'def answer(token, option, extra=""):',
  '    return requests.put(BASE + "questions/%s/" % token, json={"token": option, "extra": extra})',
  '',
  '',
  'def set_mode(token, mode):',
  '    return requests.put(BASE + "interviews/%s/" % token, json={"mode": mode})',
  '',
  '',
  'def open_ticket(subject, mode, extra):',
  '    return requests.post(DESK + "tickets/", json={"subject": subject, "mode": mode, "extra": extra})',
  '',
].join('\n');

const views = [
  'from flask import Blueprint, redirect, request',
  '',
  'from triage.client import add_complaint, answer, open_ticket, set_mode',
  '',
  'bp = Blueprint("triage", __name__)',
  '',
  '',
  '@bp.post("/interviews/<token>/complaints")',
  'def complaint(token):',
  '    add_complaint(token, request.form["text"], extra=request.form.get("extra"))',
  '    return redirect("/")',
  '',
  '',
  '@bp.post("/interviews/<token>/mode")',
  'def mode(token):',
  '    set_mode(token, request.form["mode"])',
  '    return redirect("/")',
  '',
  '',
  '@bp.post("/questions/<token>")',
  'def question(token):',
  '    answer(token, request.form["option"], extra=request.form.get("extra"))',
  '    return redirect("/")',
  '',
  '',
  '@bp.post("/tickets")',
  'def ticket():',
  '    open_ticket(request.form["subject"], request.form["mode"], request.form.get("extra"))',
  '    return redirect("/")',
  '',
].join('\n');

const page = [
  '{% extends "base.html" %}',
  '{% block body %}',
  '<form method="post" action="{{ url_for(\'triage.complaint\', token=token) }}">',
  '  <input name="text" required>',
  '  <textarea name="extra"></textarea>',
  '  {{ form.extra(class_="wide") }}',
  '</form>',
  '<form method="post" action="{{ url_for(\'triage.mode\', token=token) }}">',
  '  <input type="hidden" name="mode" value="{{ Modes.SAFE }}">',
  '  <button type="submit" name="mode" value="triage">Done</button>',
  '</form>',
  '{% endblock %}',
  '',
].join('\n');

/** Forms of the same app that post to other routes: an answer's `extra` (still taken), a ticket's, another host's. */
const others = {
  'triage/templates/question.html.j2': ['<form method="post" action="/questions/{{ question.token }}">', '  <textarea name="extra"></textarea>', '  <input type="hidden" name="mode" value="safe">', '</form>', ''].join('\n'),
  'triage/templates/ticket.html.j2': ['<form method="post" action="{{ url_for(\'triage.ticket\') }}">', '  <input type="hidden" name="mode" value="complaint">', '  <textarea name="extra"></textarea>', '</form>', ''].join('\n'),
  'triage/templates/elsewhere.html.j2': ['<form method="post" action="https://help.example.com/complaints/">', '  <textarea name="extra"></textarea>', '</form>', ''].join('\n'),
};

describe('fields server templates post to the app’s own routes', () => {
  it('Flask and Jinja: `extra` posted to the complaints route, modes (a literal, a constant) to the mode route; a question’s extra, a ticket’s and another host’s stay', async () => {
    writeTree(dir, { 'triage/client.py': client, 'triage/views.py': views, 'triage/templates/interview.html.j2': page, ...others });
    const r = await scanProject(dir);
    expect(sites(r, 'triage/views.py')).toContain('10 complaint-extra-removed');
    expect(sites(r, 'triage/templates/interview.html.j2')).toEqual(['10 mode-safe-triage-removed', '5 complaint-extra-removed', '6 complaint-extra-removed', '9 mode-safe-triage-removed']);
    for (const [file, text] of Object.entries(others)) {
      expect(sites(r, file)).toEqual([]);
      expect(r.outcomes.find((o) => o.relPath === file)?.after ?? text).toBe(text);
    }
  });

  it('Django templates: `{% url %}` actions, a hidden mode input and `{{ form.extra }}` beside a handler reading `cleaned_data`', async () => {
    writeTree(dir, {
      'triage/client.py': client,
      'triage/views.py': [
        'from django.shortcuts import redirect',
        '',
        'from triage.client import add_complaint, set_mode',
        'from triage.forms import ComplaintForm',
        '',
        '',
        'def complaint(request, token):',
        '    form = ComplaintForm(request.POST)',
        '    form.is_valid()',
        '    add_complaint(token, form.cleaned_data["text"], extra=form.cleaned_data.get("extra"))',
        '    return redirect("home")',
        '',
        '',
        'def mode(request, token):',
        '    set_mode(token, request.POST.get("mode"))',
        '    return redirect("home")',
        '',
      ].join('\n'),
      'triage/templates/triage/interview.html': [
        '<form method="post" action="{% url \'triage:complaint-create\' token %}">{% csrf_token %}',
        '  {{ form.text }}',
        '  {{ form.extra.label_tag }} {{ form.extra }}',
        '</form>',
        '<form method="post" action="{% url \'triage:interview-mode\' token %}">{% csrf_token %}',
        '  <input type="hidden" name="mode" value="triage">',
        '</form>',
        '',
      ].join('\n'),
      'desk/templates/desk/ticket.html': ['<form method="post" action="{% url \'desk:ticket\' %}">{% csrf_token %}', '  <input type="hidden" name="mode" value="complaint">', '  {{ form.extra }}', '</form>', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'triage/templates/triage/interview.html')).toEqual(['3 complaint-extra-removed', '6 mode-safe-triage-removed']);
    expect(sites(r, 'desk/templates/desk/ticket.html')).toEqual([]);
  });

  it('no handler forwards what the forms post (a helpdesk app): nothing reported, nothing changed', async () => {
    const desk = page.replace(/triage\./g, 'desk.').replace('Modes.SAFE', 'Kinds.SAFE');
    writeTree(dir, {
      'desk/client.py': ['import requests', '', 'DESK = "https://help.example.com/api/"', '', '', 'def open_ticket(subject, mode, extra):', '    return requests.post(DESK + "tickets/", json={"subject": subject, "mode": mode, "extra": extra})', ''].join('\n'),
      'desk/views.py': ['from flask import request', '', 'from desk.client import open_ticket', '', '', 'def complaint(token):', '    open_ticket(request.form["text"], request.form["mode"], request.form.get("extra"))', ''].join('\n'),
      'desk/templates/interview.html.j2': desk,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'desk/templates/interview.html.j2')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'desk/templates/interview.html.j2')?.after ?? desk).toBe(read(dir, 'desk/templates/interview.html.j2'));
  });
});
