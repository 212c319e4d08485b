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
});
