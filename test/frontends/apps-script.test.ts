import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './polyglot/support';
import { writeTree } from '../cli/helpers';
import { defaultFrontEnds } from '../../lib/frontends';

/**
 * Google Apps Script's `.gs` files are JavaScript (one global scope for every file of the project, no modules):
 * read by the JS engine, so a `UrlFetchApp.fetch` wrapper of the API is seen like any other client's, and a
 * helpdesk's wrapper of the same shape in the same project is left alone.
 */
const dir = tempProjectDir();

describe('Apps Script (.gs)', () => {
  it('is read by the JavaScript front-end', () => {
    expect(defaultFrontEnds().forFile('/p/Code.gs').id).toBe('js');
  });

  it('a UrlFetchApp wrapper of the API and one of a helpdesk, with a mode constant of each', async () => {
    writeTree(dir(), {
      // The project's settings, both services' addresses in one file (all `.gs` files share one scope).
      'Config.gs': ["var SC_BASE = 'https://sandbox.buoyhealth.com/api/';", "var DESK_BASE = 'https://desk.example.com/api/';"].join('\n'),
      'Api.gs': [
        'function scFetch_(method, path, body) {',
        "  var options = { method: method, contentType: 'application/json', muteHttpExceptions: true };",
        '  if (body) options.payload = JSON.stringify(body);',
        '  var response = UrlFetchApp.fetch(SC_BASE + path, options);',
        '  return { code: response.getResponseCode(), body: JSON.parse(response.getContentText()) };',
        '}',
        'function addComplaint(token, text, note) {',
        "  return scFetch_('post', 'complaints/', { interview: token, text: text, extra: note });",
        '}',
      ].join('\n'),
      'Helpdesk.gs': [
        "var HELPDESK_TICKET_MODES = { COMPLAINT: 'complaint', FOLLOW_UP: 'follow_up' };",
        'function deskFetch_(method, path, body) {',
        "  var options = { method: method, contentType: 'application/json', payload: JSON.stringify(body) };",
        '  return UrlFetchApp.fetch(DESK_BASE + path, options);',
        '}',
        'function buildTicket_(subject, mode) {',
        '  return { subject: subject, mode: mode || HELPDESK_TICKET_MODES.COMPLAINT, extra: {} };',
        '}',
        'function fileTicket(subject, mode) {',
        "  return deskFetch_('post', 'tickets/', buildTicket_(subject, mode));",
        '}',
        'function escalate(subject) {',
        '  return fileTicket(subject, HELPDESK_TICKET_MODES.FOLLOW_UP);',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'Api.gs')).toEqual(['8 complaint-extra-removed']);
    expect(sites(r, 'Helpdesk.gs')).toEqual([]);
    expect(sites(r, 'Config.gs')).toEqual(['1 base-url']);
  });
});
