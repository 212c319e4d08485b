import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Play forms of a model the API's resource ties: the keys of its mapping (`mapping("text" -> …, "extra" -> …)
 * (ComplaintForm.apply)(ComplaintForm.unapply)`) are the model's fields, and a template's lookup by key
 * (`complaintForm("extra")`) is that field. A helpdesk's form of the same shape (its `extra`) stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Play forms', () => {
  it('mapping keys and Twirl lookups of a complaint form; a ticket form unreported', async () => {
    writeTree(dir, {
      'app/symptoms/Client.scala': [
        'package symptoms',
        '',
        'import play.api.libs.json._',
        '',
        'case class Complaint(text: String, extra: Option[String])',
        'object Complaint { implicit val format: OFormat[Complaint] = Json.format[Complaint] }',
        '',
        'class Client(ws: WSClient) {',
        '  def createComplaint(interview: String, text: String, extra: Option[String]): Future[Complaint] =',
        '    ws.url("https://www.buoyhealth.com/api/complaints/").post(Json.toJson(Complaint(text, extra))).map(_.json.as[Complaint])',
        '}',
      ].join('\n'),
      'app/controllers/ComplaintController.scala': [
        'package controllers',
        '',
        'import play.api.data.Form',
        'import play.api.data.Forms._',
        '',
        'case class ComplaintForm(text: String, extra: Option[String])',
        '',
        'class ComplaintController(client: symptoms.Client) {',
        '  private val complaintForm = Form(',
        '    mapping("text" -> nonEmptyText, "extra" -> optional(text))(ComplaintForm.apply)(ComplaintForm.unapply)',
        '  )',
        '  def add(token: String) = Action.async { implicit req =>',
        '    complaintForm.bindFromRequest().fold(',
        '      _ => Future.successful(BadRequest),',
        '      f => client.createComplaint(token, f.text, f.extra).map(_ => Ok)',
        '    )',
        '  }',
        '}',
      ].join('\n'),
      'app/controllers/TicketController.scala': [
        'package controllers',
        '',
        'import play.api.data.Form',
        'import play.api.data.Forms._',
        '',
        'case class TicketForm(subject: String, extra: Option[String])',
        '',
        'class TicketController(ws: WSClient) {',
        '  private val ticketForm = Form(',
        '    mapping("subject" -> nonEmptyText, "extra" -> optional(text))(TicketForm.apply)(TicketForm.unapply)',
        '  )',
        '  def open(f: TicketForm) = ws.url("https://help.example.com/api/tickets/").post(Json.obj("subject" -> f.subject, "extra" -> f.extra))',
        '}',
      ].join('\n'),
      'app/views/complaint.scala.html': [
        '@(complaintForm: Form[controllers.ComplaintForm])(implicit messages: Messages)',
        '@helper.form(action = controllers.routes.ComplaintController.add()) {',
        '  @helper.inputText(complaintForm("text"), Symbol("_label") -> "What is bothering you?")',
        '  @helper.inputText(complaintForm("extra"), Symbol("_label") -> "Anything else?")',
        '}',
      ].join('\n'),
      'app/views/ticket.scala.html': [
        '@(ticketForm: Form[controllers.TicketForm])(implicit messages: Messages)',
        '@helper.form(action = controllers.routes.TicketController.open()) {',
        '  @helper.inputText(ticketForm("subject"))',
        '  @helper.inputText(ticketForm("extra"))',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/controllers/ComplaintController.scala')).toEqual(['10 complaint-extra-removed', '15 complaint-extra-removed', '6 complaint-extra-removed']);
    expect(sites(r, 'app/views/complaint.scala.html')).toEqual(['4 complaint-extra-removed']);
    expect(sites(r, 'app/controllers/TicketController.scala')).toEqual([]);
    expect(sites(r, 'app/views/ticket.scala.html')).toEqual([]);
  });
});
