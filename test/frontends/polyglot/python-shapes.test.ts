import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/** Python clients: shapes of the API's calls a team writes around its client. Beside each, a helpdesk of the same shape. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Python wrappers', () => {
  it("a CLI command named like the client's endpoint (set_mode calling client.set_mode) is that endpoint: a v1 mode given to it is a site", async () => {
    writeTree(dir, {
      'ops/client.py': [
        'import httpx',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class Checker:',
        '    async def set_mode(self, token: str, mode: str):',
        '        return await self.http.put(BASE + f"interviews/{token}/", json={"mode": mode})',
        '',
        'class Desk:',
        '    async def set_level(self, ticket: str, level: str):',
        '        return await self.http.put(f"https://desk.example.org/api/tickets/{ticket}/", json={"level": level})',
      ].join('\n'),
      'ops/cli.py': [
        'import asyncio',
        'from ops.client import Checker, Desk',
        'def set_mode(token: str, mode: str) -> None:',
        '    asyncio.run(Checker().set_mode(token, mode))',
        'def set_level(ticket: str, level: str) -> None:',
        '    asyncio.run(Desk().set_level(ticket, level))',
        'def smoke(token: str) -> None:',
        '    asyncio.run(Checker().set_mode(token, "triage"))',
        '    asyncio.run(Desk().set_level(token, "triage"))',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/cli.py')).toEqual(['8 mode-safe-triage-removed']);
    expect(read(dir, 'ops/cli.py')).toContain('Desk().set_level(token, "triage")');
  });

  it('a parameter typed as a model or None (update: ModeUpdate | None) reads that model', async () => {
    writeTree(dir, {
      'ops/client.py': [
        'import httpx',
        'from pydantic import BaseModel',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class ModeUpdate(BaseModel):',
        '    token: str',
        '    msg: str | None = None',
        'class TicketUpdate(BaseModel):',
        '    msg: str | None = None',
        'class Checker:',
        '    async def update_interview_mode(self, token: str, mode: str) -> ModeUpdate | None:',
        '        resp = await self.http.put(BASE + f"interviews/{token}/", json={"mode": mode})',
        '        return ModeUpdate.model_validate(resp.json())',
      ].join('\n'),
      'ops/rows.py': [
        'from ops.client import ModeUpdate, TicketUpdate',
        'def note(update: ModeUpdate | None) -> str:',
        '    return update.msg if update else ""',
        'def ticket_note(update: None | TicketUpdate) -> str:',
        '    return update.msg if update else ""',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/rows.py')).toEqual(['3 update-msg-in-links']);
  });

  it('a test that reads back a removed field from the request its client sent to the stubbed resource', async () => {
    writeTree(dir, {
      'tests/test_sent.py': [
        'import json',
        'import httpx',
        'BASE = "https://www.buoyhealth.com/api/"',
        'async def test_grievance_notes(client, router):',
        '    stub = router.post(f"{BASE}complaints/").mock(return_value=httpx.Response(201, json={}))',
        '    await client.file_grievance("iv-9", "cough", notes={"since": "monday"})',
        '    assert json.loads(stub.calls.last.request.content)["extra"] == {"since": "monday"}',
        'async def test_desk_ticket(client, router):',
        '    stub = router.post("https://desk.example.org/api/tickets/").mock(return_value=httpx.Response(201, json={}))',
        '    await client.open_ticket("cough", extra={"since": "monday"})',
        '    assert json.loads(stub.calls.last.request.content)["extra"] == {"since": "monday"}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_sent.py')).toEqual(['3 base-url', '7 complaint-extra-removed']);
  });

  it('for i, x in enumerate(xs[:3]): x is an item of the list, a slice of it being the list', async () => {
    writeTree(dir, {
      'lab/models.py': [
        'from dataclasses import dataclass, field',
        'from typing import List',
        '@dataclass',
        'class PotentialCondition:',
        '    name: str',
        '    probability: float',
        '@dataclass',
        'class Result:',
        '    token: str',
        '    conditions: List[PotentialCondition] = field(default_factory=list)',
        '@dataclass',
        'class DeskItem:',
        '    triage: str',
        '@dataclass',
        'class DeskTicket:',
        '    items: List[DeskItem] = field(default_factory=list)',
      ].join('\n'),
      'lab/client.py': [
        'import requests',
        'from lab.models import Result',
        'BASE = "https://www.buoyhealth.com/api/"',
        'def fetch_result(token: str) -> Result:',
        '    return Result(**requests.get(BASE + f"results/{token}/").json())',
      ].join('\n'),
      'lab/rows.py': [
        'from lab.models import Result, DeskTicket',
        'def result_row(result: Result) -> dict:',
        '    row = {}',
        '    for i, pc in enumerate(result.conditions[:3], start=1):',
        '        row[f"c{i}"] = pc.triage',
        '    return row',
        'def ticket_row(ticket: DeskTicket) -> dict:',
        '    return {i: t.triage for i, t in enumerate(ticket.items[:3])}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lab/rows.py')).toEqual(['5 potential-condition-triage-removed']);
  });

  it('a mode field typed as a Literal of modes in the interviews model names the API modes; a ticket model does not', async () => {
    writeTree(dir, {
      'ops/client.py': [
        'from typing import Literal',
        'import httpx',
        'from pydantic import BaseModel',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class InterviewUpdate(BaseModel):',
        '    mode: Literal["complaint", "protocol", "triage"]',
        'class TicketBody(BaseModel):',
        '    mode: Literal["complaint", "safe", "triage"]',
        'class Checker:',
        '    async def update_interview(self, token: str, body: InterviewUpdate):',
        '        return await self.http.put(BASE + f"interviews/{token}/", json=body.model_dump())',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/client.py')).toEqual(['4 base-url', '6 mode-complaint-renamed-input', '6 mode-safe-triage-removed']);
    expect(read(dir, 'ops/client.py')).toContain('mode: Literal["complaint", "protocol", "triage"]');
  });

  it('a type alias of mode literals (ModeName = Literal[…]) that the client types a mode with holds the API modes; a ticket alias does not', async () => {
    writeTree(dir, {
      'ops/enums.py': ['from typing import Literal', '', 'ModeName = Literal["complaint", "safe", "triage"]', 'TicketMode = Literal["complaint", "safe"]'].join('\n'),
      'ops/client.py': [
        'import httpx',
        'from ops.enums import ModeName, TicketMode',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class Checker:',
        '    async def set_mode(self, token: str, mode: ModeName):',
        '        return await self.http.put(BASE + f"interviews/{token}/", json={"mode": mode})',
        'class Desk:',
        '    async def set_ticket_mode(self, ticket: str, mode: TicketMode):',
        '        return await self.http.put(f"https://desk.example.org/api/tickets/{ticket}/", json={"mode": mode})',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/enums.py')).toEqual(['3 mode-complaint-renamed-input', '3 mode-safe-triage-removed', '3 mode-safe-triage-removed']);
  });

  it("an option field read from the catalogue's other spelling of pre-selected (alias=\"preselected_value\") is the removed field, and so is its read; a desk's option of that spelling is not", async () => {
    writeTree(dir, {
      'ops/schemas.py': [
        'from typing import List, Optional',
        'from pydantic import BaseModel, Field',
        'class Option(BaseModel):',
        '    token: str',
        '    pre_selected: Optional[str] = Field(None, alias="preselected_value")',
        'class Question(BaseModel):',
        '    token: str',
        '    options: List[Option] = []',
        '    @property',
        '    def selectable_options(self) -> List[Option]:',
        '        return [o for o in self.options if o.pre_selected is None]',
      ].join('\n'),
      'ops/client.py': [
        'import httpx',
        'from ops.schemas import Question',
        'BASE = "https://www.buoyhealth.com/api/"',
        'def questions(http, token: str) -> list[Question]:',
        '    return [Question.parse_obj(q) for q in http.get(BASE + "questions/", params={"interview": token}).json()]',
      ].join('\n'),
      'desk/schemas.py': [
        'from typing import Optional',
        'from pydantic import BaseModel, Field',
        'class SurveyChoice(BaseModel):',
        '    token: str',
        '    pre_selected: Optional[str] = Field(None, alias="preselected_value")',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/schemas.py')).toEqual(['11 question-preselected-removed', '5 question-preselected-removed']);
    expect(sites(r, 'desk/schemas.py')).toEqual([]);
  });
});
