import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A flat table's model names a part of its resource and a field of it in one column (`profile_race`,
 * `potential_condition_triage`): a changed field of that part is reported on the column (fields.ts, prefixedField).
 * Columns of fields v2 still sends (`profile_age`, `potential_condition_name`) and a helpdesk ticket's columns of the
 * same names stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('part-prefixed columns of flat models', () => {
  it('Django models of the interview and the result; a helpdesk ticket model stays', async () => {
    writeTree(dir, {
      'records/client.py': [
        "import requests",
        "BASE = \"https://www.buoyhealth.com/api/\"",
        "def get_interview(token):",
        "    return requests.get(BASE + \"interviews/%s/\" % token).json()",
        '',
      ].join('\n'),
      'records/models.py': [
        "from django.db import models",
        "",
        "from records.client import get_interview",
        "",
        "",
        "class Interview(models.Model):",
        "    token = models.CharField(max_length=64)",
        "    profile_age = models.IntegerField(null=True)",
        "    profile_race = models.CharField(max_length=32, null=True)",
        "    profile_bmi = models.FloatField(null=True)",
        "",
        "    @classmethod",
        "    def fetch(cls, token):",
        "        data = get_interview(token)",
        "        return cls(token=data[\"token\"], profile_age=data[\"profile\"][\"age\"])",
        "",
        "",
        "class Result(models.Model):",
        "    advice_seen = models.BooleanField(default=False)",
        "    potential_condition_triage = models.CharField(max_length=32, null=True)",
        "    potential_condition_name = models.CharField(max_length=64, null=True)",
        "",
        "",
        "class TicketSnapshot(models.Model):",
        "    profile_race = models.CharField(max_length=32, null=True)",
        "    potential_condition_triage = models.CharField(max_length=32, null=True)",
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'records/models.py')).toEqual(['10 interview-profile-fields-removed', '20 potential-condition-triage-removed', '9 interview-profile-fields-removed']);
  });
});
