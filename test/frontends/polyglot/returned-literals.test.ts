import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A literal a helper of the file returns (`def profile_payload; {…}.compact; end`, `return {…}`) is sent where the
 * helper's result is given as a key of an endpoint's call (`open_interview(profile: profile_payload)`); the same
 * helper shape given to another service's call stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('literals returned by a helper and sent under a key', () => {
  it('Ruby and Python: a profile helper given to the interview endpoint; a ticket helper given to a desk', async () => {
    writeTree(dir, {
      'lib/api.rb': [
        "class Api",
        "  BASE = \"https://www.buoyhealth.com/api/\"",
        "",
        "  def open_interview(profile:, location: nil)",
        "    post(BASE + \"interviews/anonymous/\", { profile: profile, location: location })",
        "  end",
        "end",
      ].join('\n') + '\n',
      'lib/intake.rb': [
        "class Intake",
        "  def start",
        "    @api.open_interview(profile: profile_payload)",
        "    @desk.open_ticket(profile: ticket_payload)",
        "  end",
        "",
        "  private",
        "",
        "  def profile_payload",
        "    {",
        "      age: @patient.age,",
        "      race: @patient.race,",
        "      height: @patient.height_cm",
        "    }.compact",
        "  end",
        "",
        "  def ticket_payload",
        "    { height: @patient.height_cm, race: @patient.race }",
        "  end",
        "end",
      ].join('\n') + '\n',
      'py/api.py': [
        "import requests",
        "",
        "BASE = \"https://www.buoyhealth.com/api/\"",
        "",
        "",
        "def create_interview(profile, location=None):",
        "    return requests.post(BASE + \"interviews/anonymous/\", json={\"profile\": profile, \"location\": location}).json()",
      ].join('\n') + '\n',
      'py/intake.py': [
        "from py.api import create_interview",
        "",
        "",
        "class Intake:",
        "    def start(self):",
        "        create_interview(profile=self._profile())",
        "        self.desk.open_ticket(profile=self._ticket())",
        "",
        "    def _profile(self):",
        "        return {\"age\": self.patient.age, \"weight\": self.patient.weight_kg}",
        "",
        "    def _ticket(self):",
        "        return {\"weight\": self.patient.weight_kg}",
      ].join('\n') + '\n',
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/intake.rb')).toEqual(['12 interview-profile-fields-removed', '13 interview-profile-fields-removed']);
    expect(sites(r, 'py/intake.py')).toEqual(['10 interview-profile-fields-removed']);
  });

  it('Python: a builder returns the variable the body is built in (`body = {…}` … `return body`), given to a request of the create path; a ticket builder stays', async () => {
    writeTree(dir, {
      'app/client.py': [
        'import requests',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'def interview_body(age, sex, zip_code=None):',
        '    body = {',
        '        "profile": {"age": age, "sex": sex},',
        '        "interview_mode": True,',
        '    }',
        '    if zip_code:',
        '        body["location"] = {"zip": zip_code}',
        '    return body',
        '',
        '',
        'def ticket_body(subject):',
        '    body = {"subject": subject, "interview_mode": True}',
        '    return body',
        '',
        '',
        'def start(age, sex):',
        '    return requests.post(BASE + "interviews/anonymous/", json=interview_body(age, sex)).json()',
        '',
        '',
        'def open_ticket(subject):',
        '    return requests.post("https://help.example.com/api/tickets/", json=ticket_body(subject)).json()',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/client.py').filter((s) => !s.endsWith('base-url'))).toEqual(['9 interview-mode-flag-removed']);
  });
});
