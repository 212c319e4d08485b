import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** Django apps: DRF serializers, ORM rows and Celery tasks around the API's client. Beside each, a helpdesk of the same shape. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  'import requests',
  'BASE = "https://www.buoyhealth.com/api/"',
  'DESK = "https://desk.example.org/api/"',
  'class Checker:',
  '    def get_interview(self, token):',
  '        return requests.get(BASE + "interviews/%s/" % token).json()',
  '    def get_result(self, token):',
  '        return requests.get(BASE + "results/%s/" % token).json()',
  'class Desk:',
  '    def get_ticket(self, ticket):',
  '        return requests.get(DESK + "tickets/%s/" % ticket).json()',
].join('\n');

const SERIALIZERS = [
  'from rest_framework import serializers',
  'class ProfileSerializer(serializers.Serializer):',
  '    age = serializers.IntegerField()',
  '    bmi = serializers.FloatField(required=False)',
  'class InterviewSerializer(serializers.Serializer):',
  '    token = serializers.CharField()',
  '    variant = serializers.CharField(required=False)',
  '    profile = ProfileSerializer()',
  'class ResultSerializer(serializers.Serializer):',
  '    token = serializers.CharField()',
  '    advice = serializers.CharField(required=False)',
  'class TicketSerializer(serializers.Serializer):',
  '    id = serializers.CharField()',
  '    advice = serializers.CharField(required=False)',
  '    variant = serializers.CharField(required=False)',
].join('\n');

describe('Django and DRF', () => {
  it("a serializer's validated_data (and a form's cleaned_data) is the model it checks: its removed fields read through get() and [] are sites", async () => {
    writeTree(dir, {
      'triage/client.py': CLIENT,
      'triage/serializers.py': SERIALIZERS,
      'triage/tasks.py': [
        'from .client import Checker, Desk',
        'from .serializers import InterviewSerializer, ResultSerializer, TicketSerializer',
        'def refresh(token):',
        '    s = InterviewSerializer(data=Checker().get_interview(token))',
        '    s.is_valid(raise_exception=True)',
        '    payload = s.validated_data',
        '    profile = payload["profile"]',
        '    return payload.get("variant", ""), profile.get("bmi")',
        'def result(token):',
        '    checked = ResultSerializer(data=Checker().get_result(token))',
        '    checked.is_valid()',
        '    return checked.validated_data.get("advice")',
        'def ticket(t):',
        '    s = TicketSerializer(data=Desk().get_ticket(t))',
        '    s.is_valid(raise_exception=True)',
        '    payload = s.validated_data',
        '    return payload.get("advice"), payload["variant"]',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'triage/tasks.py')).toEqual(['12 result-advice-test-removed', '8 interview-marketplace-variant-removed', '8 interview-profile-fields-removed']);
  });

  it("an ORM row (Model.objects.get / create / filter().first()) of a model that flattens the resource: its removed fields are sites, another model's are not", async () => {
    writeTree(dir, {
      'triage/client.py': CLIENT,
      'triage/models.py': [
        'from django.db import models',
        'from .client import Checker',
        'class Interview(models.Model):',
        '    token = models.CharField(max_length=64)',
        '    variant = models.CharField(max_length=64, blank=True)',
        '    bmi = models.FloatField(null=True)',
        'class Ticket(models.Model):',
        '    remote_id = models.CharField(max_length=64)',
        '    variant = models.CharField(max_length=64, blank=True)',
        '    bmi = models.FloatField(null=True)',
      ].join('\n'),
      'triage/tasks.py': [
        'from .client import Checker, Desk',
        'from .models import Interview, Ticket',
        'def refresh():',
        '    for interview in Interview.objects.all():',
        '        interview.token = Checker().get_interview(interview.token)["token"]',
        '    for ticket in Ticket.objects.all():',
        '        ticket.remote_id = Desk().get_ticket(ticket.remote_id)["id"]',
      ].join('\n'),
      'triage/tests/test_rows.py': [
        'from triage.models import Interview, Ticket',
        'def test_rows():',
        '    interview = Interview.objects.create(token="t1")',
        '    again = Interview.objects.filter(token="t1").first()',
        '    ticket = Ticket.objects.get(remote_id="T-1")',
        '    assert interview.variant == "b"',
        '    assert again.bmi == 22.5',
        '    assert ticket.variant == "b"',
        '    assert ticket.bmi == 22.5',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'triage/tests/test_rows.py')).toEqual(['6 interview-marketplace-variant-removed', '7 interview-profile-fields-removed']);
  });

  it("a stubbed answer's list items (responses' json={… \"options\": [{…}]}) are that key's items: their removed keys are sites, a helpdesk's are not", async () => {
    writeTree(dir, {
      'triage/client.py': CLIENT,
      'triage/tests/test_stubs.py': [
        'import responses',
        'BASE = "https://www.buoyhealth.com/api/"',
        'DESK = "https://desk.example.org/api/"',
        '@responses.activate',
        'def test_question():',
        '    responses.add(responses.GET, BASE + "questions/q1/", json={',
        '        "token": "q1",',
        '        "options": [{"token": "yes", "preselected_value": None}],',
        '    })',
        '    responses.add(responses.GET, DESK + "articles/a1/", json={',
        '        "options": [{"token": "yes", "preselected_value": None}],',
        '    })',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'triage/tests/test_stubs.py')).toEqual(['2 base-url', '8 question-preselected-removed']);
  });
});
