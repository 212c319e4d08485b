import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A member each case of a sealed type declares with its own value (`case object Safe extends Mode { val wire =
 * "safe" }`) is no constant of one mode: `interview.mode.wire` reads whichever mode the interview is in, and is not a
 * use of the removed 'triage'. The cases themselves (`Mode.Safe`) still are.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('members of each case of a sealed mode type', () => {
  it('Scala: `i.mode.wire` is not the last case\'s mode; `Mode.Safe` is a removed mode', async () => {
    writeTree(dir, {
      'app/models/Mode.scala': [
        'package models',
        '',
        'import play.api.libs.json._',
        '',
        'sealed trait Mode { def wire: String }',
        '',
        'object Mode {',
        '  case object Complaint extends Mode { val wire = "complaint" }',
        '  case object Safe extends Mode { val wire = "safe" }',
        '  case object Triage extends Mode { val wire = "triage" }',
        '  case object Question extends Mode { val wire = "question" }',
        '',
        '  val all: Seq[Mode] = Seq(Complaint, Safe, Triage, Question)',
        '  def fromString(s: String): Option[Mode] = all.find(_.wire == s.trim.toLowerCase)',
        '  implicit val reads: Reads[Mode] = Reads {',
        '    case JsString(s) => fromString(s).map(JsSuccess(_)).getOrElse(JsError(s"unknown mode: $s"))',
        '    case other       => JsError(s"expected mode string, got $other")',
        '  }',
        '  implicit val writes: Writes[Mode] = Writes(m => JsString(m.wire))',
        '}',
        '',
        'case class Interview(token: String, mode: Mode)',
        'object Interview { implicit val reads: Reads[Interview] = Json.reads[Interview] }',
      ].join('\n'),
      'app/Client.scala': [
        'import models._',
        'import play.api.libs.json._',
        '',
        'class Client(ws: WSClient) {',
        '  def read(token: String): Future[Interview] =',
        '    ws.url(s"https://www.buoyhealth.com/api/interviews/$token/").get().map(_.json.as[Interview])',
        '',
        '  def label(i: Interview): String = i.mode.wire',
        '',
        '  def quick(token: String): Future[Unit] =',
        '    ws.url(s"https://www.buoyhealth.com/api/interviews/$token/").put(Json.obj("mode" -> Mode.Safe)).map(_ => ())',
        '',
        '  def update(token: String, mode: Mode): Future[Unit] =',
        '    ws.url(s"https://www.buoyhealth.com/api/interviews/$token/").put(Json.obj("mode" -> mode)).map(_ => ())',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/Client.scala').filter((s) => !s.endsWith('base-url'))).toEqual(['11 mode-safe-triage-removed']);
  });
});
