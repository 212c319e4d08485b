import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A model built as the argument of one of the API's endpoints whose answer a variable holds
 * (`val complaint = client.createComplaint(ComplaintRequest(extra = extra))`): the model is what is sent, whatever
 * the answer is later read for (`ComplaintView(token = complaint.token)`). Beside it, a helpdesk's request of the same shape.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const MODELS = [
  'package app',
  '',
  'data class ComplaintRequest(val interview: String, val text: String, val extra: String? = null)',
  'data class Complaint(val token: String, val text: String)',
  'data class TicketRequest(val subject: String, val extra: String? = null)',
  'data class Ticket(val token: String)',
  'data class ComplaintView(val token: String)',
  'data class TicketView(val token: String)',
  '',
].join('\n');

const CLIENTS = [
  'package app',
  '',
  'class SymptomClient(private val web: WebClient) {',
  '    suspend fun createComplaint(body: ComplaintRequest): Complaint =',
  '        web.post().uri("https://www.buoyhealth.com/api/complaints/").bodyValue(body).retrieve().awaitBody()',
  '}',
  '',
  'class DeskClient(private val web: WebClient) {',
  '    suspend fun openTicket(body: TicketRequest): Ticket =',
  '        web.post().uri("https://desk.example.org/api/tickets/").bodyValue(body).retrieve().awaitBody()',
  '}',
  '',
].join('\n');

const SERVICE = [
  'package app',
  '',
  'class Flow(private val symptoms: SymptomClient, private val desk: DeskClient) {',
  '    suspend fun add(token: String, text: String, note: String?): Any {',
  '        val complaint = symptoms.createComplaint(ComplaintRequest(interview = token, text = text, extra = note))',
  '        return ComplaintView(token = complaint.token)',
  '    }',
  '',
  '    suspend fun report(subject: String, note: String?): Any {',
  '        val ticket = desk.openTicket(TicketRequest(subject = subject, extra = note))',
  '        return TicketView(token = ticket.token)',
  '    }',
  '}',
  '',
].join('\n');

describe("a model given to an endpoint whose answer a variable holds", () => {
  it("Kotlin: `val complaint = symptoms.createComplaint(ComplaintRequest(extra = note))` sends `extra`; a desk's `TicketRequest(extra = note)` stays", async () => {
    writeTree(dir, { 'src/Models.kt': MODELS, 'src/Clients.kt': CLIENTS, 'src/Flow.kt': SERVICE });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Flow.kt')).toEqual(['5 complaint-extra-removed']);
  });
});
