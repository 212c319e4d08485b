import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('services injected into other files', () => {
  it("a value handed to a method of an injected service class (a constructor's parameter property, a field, a test's TestBed.inject) that sends it as a removed field is reported where it is passed; a desk service's is not", async () => {
    writeTree(dir, {
      'src/app/checker.service.ts': [
        "import { Injectable } from '@angular/core';",
        "import { HttpClient } from '@angular/common/http';",
        "const BASE = 'https://old.example.test/api/';",
        '@Injectable({ providedIn: "root" })',
        'export class CheckerService {',
        '  constructor(private http: HttpClient) {}',
        '  addComplaint(interview: string, text: string, extra = "") {',
        '    return this.http.post(`${BASE}complaints/`, { interview, text, extra });',
        '  }',
        '}',
      ].join('\n'),
      'src/app/desk.service.ts': [
        "import { HttpClient } from '@angular/common/http';",
        'export class DeskService {',
        '  constructor(private http: HttpClient) {}',
        '  addNote(ticket: string, text: string, extra = "") {',
        "    return this.http.post('https://desk.example.com/api/notes/', { ticket, text, extra });",
        '  }',
        '}',
      ].join('\n'),
      'src/app/intake.component.ts': [
        "import { inject } from '@angular/core';",
        "import { CheckerService } from './checker.service';",
        "import { DeskService } from './desk.service';",
        'export class IntakeComponent {',
        '  private readonly desk = inject(DeskService);',
        '  constructor(private checker: CheckerService) {}',
        '  submit(token: string, text: string, details: string) {',
        '    this.desk.addNote(token, text, details);',
        '    return this.checker.addComplaint(token, text, details);',
        '  }',
        '}',
      ].join('\n'),
      'src/app/checker.service.spec.ts': [
        "import { TestBed } from '@angular/core/testing';",
        "import { CheckerService } from './checker.service';",
        'describe("CheckerService", () => {',
        '  let service: CheckerService;',
        '  let other;',
        '  beforeEach(() => {',
        '    service = TestBed.inject(CheckerService);',
        '    other = TestBed.inject(CheckerService);',
        '  });',
        '  it("sends a complaint", () => {',
        '    service.addComplaint("t", "headache", "worse in the morning").subscribe();',
        '    other.addComplaint("t", "headache", "at night").subscribe();',
        '  });',
        '});',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change === 'complaint-extra-removed').map((f) => [f.line, f.fix]) ?? [];
    expect(findings('src/app/intake.component.ts')).toEqual([[9, 'manual']]);
    expect(findings('src/app/checker.service.spec.ts')).toEqual([[11, 'manual'], [12, 'manual']]);
    expect(findings('src/app/desk.service.ts')).toEqual([]);
  });

  it("a client a parent provided under a key and a component takes back by its class (Svelte's getContext<Api>(KEY), Vue's inject<Api>('api')) is that class's instance; a desk client taken the same way is the desk's", async () => {
    writeTree(dir, {
      'src/lib/api.ts': [
        "const BASE = 'https://old.example.test/api/';",
        'export class CheckerApi {',
        '  async createComplaint(text: string, extra: string | null = null) {',
        "    return fetch(`${BASE}complaints/`, { method: 'POST', body: JSON.stringify({ text, extra }) });",
        '  }',
        '}',
      ].join('\n'),
      'src/lib/desk.ts': [
        'export class DeskApi {',
        '  async createComplaint(text: string, extra: string | null = null) {',
        "    return fetch('https://desk.example.com/api/complaints/', { method: 'POST', body: JSON.stringify({ text, extra }) });",
        '  }',
        '}',
      ].join('\n'),
      'src/lib/ComplaintForm.svelte': [
        '<script lang="ts">',
        "  import { getContext } from 'svelte';",
        "  import type { CheckerApi } from './api';",
        "  import type { DeskApi } from './desk';",
        "  const api = getContext<CheckerApi>('api');",
        "  const desk = getContext<DeskApi>('desk');",
        "  let text = '';",
        "  let duration = '';",
        '  async function submit() {',
        '    await api.createComplaint(text, duration || null);', // 10
        '    await desk.createComplaint(text, duration || null);',
        '  }',
        '</script>',
        '<button on:click={submit}>Send</button>',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change === 'complaint-extra-removed').map((f) => [f.line, f.fix]) ?? [];
    expect(findings('src/lib/ComplaintForm.svelte')).toEqual([[10, 'manual']]);
    expect(findings('src/lib/desk.ts')).toEqual([]);
  });

  it("a client handed in as a parameter typed with its class (an Electron main process's registerIpc(symptoms: SymptomClient)) or made by a test's factory (const client = makeClient()) is that class's instance; a desk client's is the desk's", async () => {
    writeTree(dir, {
      'src/main/symptom-client.ts': [
        "const BASE = 'https://old.example.test/api/';",
        'export class SymptomClient {',
        '  async addComplaint(token: string, text: string, extra = "") {',
        "    return fetch(`${BASE}complaints/`, { method: 'POST', body: JSON.stringify({ interview: token, text, extra }) });",
        '  }',
        '}',
      ].join('\n'),
      'src/main/desk-client.ts': [
        'export class DeskClient {',
        '  async addComplaint(token: string, text: string, extra = "") {',
        "    return fetch('https://desk.example.com/api/complaints/', { method: 'POST', body: JSON.stringify({ token, text, extra }) });",
        '  }',
        '}',
      ].join('\n'),
      'src/main/ipc.ts': [
        "import { ipcMain } from 'electron';",
        "import { SymptomClient } from './symptom-client';",
        "import { DeskClient } from './desk-client';",
        'export function registerIpc(symptoms: SymptomClient, desk: DeskClient): void {',
        "  ipcMain.handle('complaint:add', async (_e, token: string, text: string, note?: string) => {",
        '    await desk.addComplaint(token, text, note);',
        '    return symptoms.addComplaint(token, text, note);', // 7
        '  });',
        // A handler's parameter named for the field and only passed on as it: a parameter a person removes too.
        "  ipcMain.handle('complaint:extra', async (_e, token: string, extra: string) => {", // 9
        "    return symptoms.addComplaint(token, 'x', extra);",
        '  });',
        // …not when it also goes elsewhere (the desk's note).
        "  ipcMain.handle('complaint:both', async (_e, token: string, extra: string) => {", // 12
        "    await desk.addComplaint(token, 'x', extra);",
        "    return symptoms.addComplaint(token, 'x', extra);", // 14
        '  });',
        '}',
      ].join('\n'),
      'test/symptom-client.test.ts': [
        "import { SymptomClient } from '../src/main/symptom-client';",
        "import { DeskClient } from '../src/main/desk-client';",
        'function makeClient() {',
        '  return new SymptomClient();',
        '}',
        'const makeDesk = () => new DeskClient();',
        "it('sends extra', async () => {",
        '  const client = makeClient();',
        '  const desk = makeDesk();',
        "  await client.addComplaint('abc', 'headache', 'since Monday');", // 10
        "  await desk.addComplaint('abc', 'headache', 'since Monday');",
        '});',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change === 'complaint-extra-removed').map((f) => [f.line, f.fix]) ?? [];
    expect(findings('src/main/ipc.ts')).toEqual([[7, 'manual'], [9, 'manual'], [10, 'manual'], [14, 'manual']]);
    expect(findings('test/symptom-client.test.ts')).toEqual([[10, 'manual']]);
    expect(findings('src/main/desk-client.ts')).toEqual([]);
  });
});
