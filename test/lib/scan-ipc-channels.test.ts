import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Electron IPC channels', () => {
  it("a value a preload script hands over a channel is what the main process's handler of that channel does with it; a desk channel's is the desk's", async () => {
    writeTree(dir, {
      'src/common/channels.ts': ["export const Channels = { AddIntent: 'intent:add', AddNote: 'note:add' } as const;"].join('\n'),
      'src/common/types.ts': ['export interface Intent { token: string; intent: string }'].join('\n'),
      'src/main/ipc.ts': [
        "import { ipcMain } from 'electron';",
        "import { Channels } from '../common/channels';",
        "const BASE = 'https://old.example.test/api/';",
        'export function registerIpc(): void {',
        '  ipcMain.handle(Channels.AddIntent, async (_e, intent: string, detail: string) => {',
        "    return fetch(`${BASE}intents/`, { method: 'POST', body: JSON.stringify({ intent, detail }) });",
        '  });',
        '  ipcMain.handle(Channels.AddNote, async (_e, text: string, detail: string) => {',
        "    return fetch('https://desk.example.com/api/notes/', { method: 'POST', body: JSON.stringify({ text, detail }) });",
        '  });',
        "  ipcMain.handle('intent:raw', async (_e, intent: string, detail: string) => {",
        "    return fetch(`${BASE}intents/`, { method: 'POST', body: JSON.stringify({ intent, detail }) });",
        '  });',
        '}',
      ].join('\n'),
      'src/preload/preload.ts': [
        "import { contextBridge, ipcRenderer } from 'electron';",
        "import { Channels } from '../common/channels';",
        "import type { Intent } from '../common/types';",
        'const api = {',
        '  addIntent: (intent: string, detail: string) => ipcRenderer.invoke(Channels.AddIntent, intent, detail),', // 5
        '  addNote: (text: string, detail: string) => ipcRenderer.invoke(Channels.AddNote, text, detail),',
        "  addRaw: (intent: string, note: string) => ipcRenderer.invoke('intent:raw', intent, note),", // 7
        '};',
        'export type Added = Promise<Intent>;',
        "contextBridge.exposeInMainWorld('kiosk', api);",
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change === 'intent-detail-context-removed').map((f) => [f.line, f.fix]) ?? [];
    // The parameter named for the field (only carrying it) and the argument handed on; under a string channel too.
    expect(findings('src/preload/preload.ts')).toEqual([[5, 'manual'], [5, 'manual'], [7, 'manual']]);
    expect(findings('src/main/ipc.ts').map(([l]) => l)).not.toContain(8);
  });
});
