import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Service objects whose methods have names too common to stand for one endpoint (`create`, `answer`): the class they
 * belong to qualifies them (`ComplaintService.create`), and a call on the class or a name of its instance reaches it.
 * Beside them, a helpdesk service of the same shape.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('endpoints qualified by their class', () => {
  it("Ruby: a controller's named arguments to ComplaintService.new.create and a service's parameter are the removed fields; a ticket service's are not", async () => {
    writeTree(dir, {
      'app/services/complaint_service.rb': [
        'class ComplaintService',
        '  def create(interview_token:, text:, extra: nil)',
        '    body = { interview: interview_token, text: text }',
        '    body[:extra] = extra if extra',
        '    Client.instance.post("complaints/", body)',
        '  end',
        'end',
      ].join('\n'),
      'app/services/ticket_service.rb': [
        'class TicketService',
        '  def create(subject:, text:, extra: nil)',
        "    Desk.post('https://desk.example.org/api/tickets/', { subject: subject, text: text, extra: extra })",
        '  end',
        'end',
      ].join('\n'),
      'app/services/client.rb': ['class Client', "  BASE = 'https://www.buoyhealth.com/api/'", '  def post(path, body)', '    Faraday.post(BASE + path, body.to_json)', '  end', 'end'].join('\n'),
      'app/controllers/complaints_controller.rb': [
        'class ComplaintsController < ApplicationController',
        '  def create',
        '    ComplaintService.new.create(interview_token: params[:id], text: params[:text], extra: params[:extra])',
        '    TicketService.new.create(subject: "Complaint", text: params[:text], extra: params[:extra])',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/services/complaint_service.rb')).toEqual(['2 complaint-extra-removed', '4 complaint-extra-removed']);
    expect(sites(r, 'app/controllers/complaints_controller.rb')).toEqual(['3 complaint-extra-removed']);
    expect(sites(r, 'app/services/ticket_service.rb')).toEqual([]);
  });

  it('Python: a view calling complaint_service.create(extra=…) on an instance named for the class', async () => {
    writeTree(dir, {
      'svc/services.py': [
        'import httpx',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class ComplaintService:',
        '    def create(self, token: str, text: str, extra: str = ""):',
        '        return httpx.post(BASE + "complaints/", json={"interview": token, "text": text, "extra": extra})',
        'class TicketService:',
        '    def create(self, subject: str, text: str, extra: str = ""):',
        '        return httpx.post("https://desk.example.org/api/tickets/", json={"subject": subject, "text": text, "extra": extra})',
      ].join('\n'),
      'svc/views.py': [
        'from svc.services import ComplaintService, TicketService',
        'complaint_service = ComplaintService()',
        'ticket_service = TicketService()',
        'def add(request):',
        '    complaint_service.create(request.token, request.text, extra=request.note)',
        '    ticket_service.create("Complaint", request.text, extra=request.note)',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'svc/views.py')).toEqual(['5 complaint-extra-removed']);
  });
});
