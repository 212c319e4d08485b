import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Models that fill their fields themselves from a parsed answer (`msg=data.get("msg")` in a `from_dict`): where a
 * key moves inside the same answer, the read of the key in the model is the one site; the field and its readers
 * keep their value. Beside each, a helpdesk model of the same shape that stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT_PY = [
  'from dataclasses import dataclass',
  'from typing import Optional',
  'import httpx',
  'BASE = "https://www.buoyhealth.com/api/"',
  '@dataclass',
  'class InterviewUpdate:',
  '    token: str',
  '    msg: Optional[str] = None',
  '    @classmethod',
  '    def from_dict(cls, data: dict) -> "InterviewUpdate":',
  '        return cls(token=data["token"], msg=data.get("msg"))',
  '@dataclass',
  'class TicketUpdate:',
  '    msg: Optional[str] = None',
  '    @classmethod',
  '    def from_dict(cls, data: dict) -> "TicketUpdate":',
  '        return cls(msg=data.get("msg"))',
  'class Checker:',
  '    async def set_mode(self, token: str, mode: str) -> Optional[InterviewUpdate]:',
  '        resp = await self.http.put(BASE + f"interviews/{token}/", json={"mode": mode})',
  '        return InterviewUpdate.from_dict(resp.json())',
  'class Desk:',
  '    async def set_level(self, ticket: str, level: str) -> TicketUpdate:',
  '        resp = await self.http.put(f"https://desk.example.org/api/tickets/{ticket}/", json={"level": level})',
  '        return TicketUpdate.from_dict(resp.json())',
].join('\n');

describe('models that read their own keys', () => {
  it('Python: a dataclass filled by from_dict is marked where it reads the moved key, not at its field nor where the app reads it', async () => {
    writeTree(dir, {
      'ops/client.py': CLIENT_PY,
      'ops/views.py': [
        'from ops.client import Checker, Desk',
        'async def change(token: str, mode: str) -> dict:',
        '    update = await Checker().set_mode(token, mode)',
        '    return {"message": update.msg if update else None}',
        'async def level(ticket: str) -> dict:',
        '    update = await Desk().set_level(ticket, "high")',
        '    return {"message": update.msg}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/client.py').filter((s) => s.endsWith('update-msg-in-links'))).toEqual(['11 update-msg-in-links']);
    expect(sites(r, 'ops/views.py')).toEqual([]);
  });

  it('Python: a field the model fills from a key moved out of its object (potential_condition.triage) is still the removed field', async () => {
    writeTree(dir, {
      'lab/client.py': [
        'from dataclasses import dataclass',
        'from typing import Optional',
        'import httpx',
        'BASE = "https://www.buoyhealth.com/api/"',
        '@dataclass',
        'class PotentialCondition:',
        '    name: str',
        '    triage: Optional[str] = None',
        '    @classmethod',
        '    def from_dict(cls, data: dict) -> "PotentialCondition":',
        '        condition = data.get("potential_condition") or {}',
        '        return cls(name=condition.get("name", ""), triage=condition.get("triage"))',
        '@dataclass',
        'class Result:',
        '    potential_conditions: list[PotentialCondition]',
        'class Checker:',
        '    async def result(self, token: str) -> Result:',
        '        resp = await self.http.get(BASE + f"results/{token}/")',
        '        return Result(potential_conditions=[PotentialCondition.from_dict(c) for c in resp.json()["triage_explanation"]])',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lab/client.py').filter((s) => s.startsWith('8 '))).toEqual(['8 potential-condition-triage-removed']);
  });

  it('Python: a pydantic model parsed whole (no key read of its own) still has its moved field read where the app reads it', async () => {
    writeTree(dir, {
      'ops/client.py': [
        'import httpx',
        'from pydantic import BaseModel',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class InterviewUpdate(BaseModel):',
        '    token: str',
        '    msg: str | None = None',
        'class Checker:',
        '    async def set_mode(self, token: str, mode: str) -> InterviewUpdate:',
        '        resp = await self.http.put(BASE + f"interviews/{token}/", json={"mode": mode})',
        '        return InterviewUpdate.model_validate(resp.json())',
      ].join('\n'),
      'ops/views.py': ['from ops.client import Checker', 'async def change(token: str, mode: str) -> str:', '    update = await Checker().set_mode(token, mode)', '    return update.msg'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/client.py').filter((s) => s.endsWith('update-msg-in-links'))).toEqual(['6 update-msg-in-links']);
    expect(sites(r, 'ops/views.py')).toEqual(['4 update-msg-in-links']);
  });
});

describe('Ruby models that read their own keys', () => {
  it('a class whose initialize reads the moved key from the answer is marked there; its attr_reader and its readers are not', async () => {
    writeTree(dir, {
      'lib/checker.rb': [
        "require 'faraday'",
        'module Checker',
        '  class InterviewUpdate',
        '    attr_reader :token, :msg',
        '    def initialize(attrs)',
        "      @token = attrs['token']",
        "      @msg = attrs.fetch('msg', nil)",
        '    end',
        '  end',
        '  class TicketUpdate',
        '    attr_reader :ticket, :msg',
        '    def initialize(attrs)',
        "      @ticket = attrs['ticket']",
        "      @msg = attrs.fetch('msg', nil)",
        '    end',
        '  end',
        '  class Client',
        "    BASE = 'https://www.buoyhealth.com/api/'",
        '    def set_mode(token, mode)',
        "      InterviewUpdate.new(JSON.parse(Faraday.put(\"#{BASE}interviews/#{token}/\", { mode: mode }.to_json).body))",
        '    end',
        '    def set_level(ticket, level)',
        "      TicketUpdate.new(JSON.parse(Faraday.put(\"https://desk.example.org/api/tickets/#{ticket}/\", { level: level }.to_json).body))",
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app/modes_controller.rb': [
        'class ModesController',
        '  def update',
        '    update = Checker::Client.new.set_mode(params[:token], params[:mode])',
        '    render json: { message: update.msg }',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/checker.rb').filter((s) => s.endsWith('update-msg-in-links'))).toEqual(['7 update-msg-in-links']);
    expect(sites(r, 'app/modes_controller.rb')).toEqual([]);
  });

  it("Ruby: a Struct whose own `from_hash` reads the moved key (`msg: hash[\"msg\"]`) is marked there; its member and the app's `update.msg` are not; a desk struct of the same shape stays", async () => {
    writeTree(dir, {
      'lib/checker.rb': [
        'module Checker',
        '  Interview = Struct.new(:token, :mode, :msg, keyword_init: true) do',
        '    def self.from_hash(hash)',
        '      new(token: hash["token"], mode: hash["mode"], msg: hash["msg"])',
        '    end',
        '  end',
        '',
        '  Ticket = Struct.new(:id, :msg, keyword_init: true) do',
        '    def self.from_hash(hash)',
        '      new(id: hash["id"], msg: hash["msg"])',
        '    end',
        '  end',
        '',
        '  class Client',
        '    BASE = "https://www.buoyhealth.com/api/"',
        '    def set_mode(token, mode)',
        '      Interview.from_hash(put_json("#{BASE}interviews/#{token}/", { mode: mode }))',
        '    end',
        '',
        '    def set_level(ticket, level)',
        '      Ticket.from_hash(put_json("https://desk.example.org/api/tickets/#{ticket}/", { level: level }))',
        '    end',
        '  end',
        'end',
        '',
      ].join('\n'),
      'app/modes_controller.rb': ['class ModesController', '  def update', '    update = Checker::Client.new.set_mode(params[:token], params[:mode])', '    render json: { message: update.msg }', '  end', 'end', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(r.outcomes.find((o) => o.relPath === 'lib/checker.rb')!.findings.filter((f) => f.change === 'update-msg-in-links').map((f) => `${f.line}:${f.column}`)).toEqual(['4:64']);
    expect(sites(r, 'app/modes_controller.rb')).toEqual([]);
  });
});
