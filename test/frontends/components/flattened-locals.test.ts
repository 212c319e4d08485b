import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A view whose only read of the API is an assign or local named for a removed field and its part (a controller's
 * `@complaint_extra = @complaint&.fetch("extra", nil)`): the template is read for it even though nothing else in it
 * names the API. A view of a helpdesk ticket's `@ticket_extra` stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('views named for a flattened removed field', () => {
  it('Rails: `<% if @complaint_extra.present? %>` in a view the pre-scan passes by; a ticket’s extra stays', async () => {
    writeTree(dir, {
      'app/clients/checker.rb': ['class Checker', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def self.fetch_complaint(token)', '    get_json("#{BASE}complaints/#{token}/")', '  end', 'end', ''].join('\n'),
      'app/controllers/interviews_controller.rb': [
        'class InterviewsController < ApplicationController',
        '  def show',
        '    @complaint = Checker.fetch_complaint(params[:token])',
        '    @complaint_extra = @complaint&.fetch("extra", nil)',
        '    @ticket_extra = Desk.ticket(params[:id])&.fetch("extra", nil)',
        '  end',
        'end',
        '',
      ].join('\n'),
      'app/views/interviews/show.html.erb': ['<h1>Your check-up</h1>', '<% if @complaint_extra.present? %>', '  <p><%= @complaint_extra["summary"] %></p>', '<% end %>', ''].join('\n'),
      'app/views/tickets/show.html.erb': ['<% if @ticket_extra.present? %>', '  <p><%= @ticket_extra["summary"] %></p>', '<% end %>', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/views/interviews/show.html.erb')).toEqual(['2 complaint-extra-removed', '3 complaint-extra-removed']);
    expect(sites(r, 'app/views/tickets/show.html.erb')).toEqual([]);
  });

  it("Svelte: the component's own `let intentDetail` bound to a textarea is what the user types, not a view's local", async () => {
    writeTree(dir, {
      'src/api.js': ['const BASE = "https://sandbox.buoyhealth.com/api/";', 'export const addIntent = (token, detail) => fetch(`${BASE}intents/`, { method: "POST", body: JSON.stringify({ interview: token, detail }) });', ''].join('\n'),
      'src/IntentForm.svelte': [
        '<script>',
        "  import { addIntent } from './api';",
        '  export let token;',
        "  let intentDetail = '';",
        '  const send = () => addIntent(token, intentDetail);',
        '</script>',
        '',
        '<textarea bind:value={intentDetail} />',
        '<button on:click={send}>Send</button>',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/IntentForm.svelte').filter((s) => s.startsWith('8 '))).toEqual([]);
  });
});
