import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test's stub server written in a routing DSL (Akka HTTP's `path("interviews" / Segment / "") { put { … } }`):
 * the path directive's segments say the resource, the method directive the operation, a status named among the
 * calls under it the answer. Beside it, a helpdesk stub's route of the same shape, and an app's own routes outside
 * the tests, stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const client = [
  'package sc',
  '',
  'class Client {',
  '  private val base = "https://www.buoyhealth.com/api/"',
  '  def create(body: Json) = post(s"${base}interviews/anonymous/", body)',
  '  def updateMode(token: String, mode: String) = put(s"${base}interviews/$token/", Json.obj("mode" -> mode))',
  '}',
  '',
].join('\n');

const routes = (pkg: string, resource: string, body: string) =>
  [
    `package ${pkg}`,
    '',
    'object Routes {',
    `  val Body = """${body}"""`,
    '  def routes(fail: Boolean, accepted: Boolean): Route =',
    '    pathPrefix("api") {',
    '      concat(',
    `        path("${resource}" / "anonymous" / "") {`,
    '          post {',
    '            if (fail) json("{}", StatusCodes.BadRequest)',
    '            else json(Body, StatusCodes.Created)',
    '          }',
    '        },',
    `        path("${resource}" / Segment / "") { _ =>`,
    '          put {',
    '            if (accepted) complete(StatusCodes.Accepted)',
    '            else json("{}")',
    '          }',
    '        },',
    `        path("${resource}" / Segment / "")(_ => get(complete(StatusCodes.Accepted)))`,
    '      )',
    '    }',
    '}',
    '',
  ].join('\n');

describe('stub servers in a routing DSL', () => {
  it('Scala Akka HTTP: the v1 statuses an interview route answers; a helpdesk route and the app’s own routes stay', async () => {
    writeTree(dir, {
      'src/main/scala/sc/Client.scala': client,
      'src/test/scala/sc/StubServer.scala': routes('sc', 'interviews', '{ "token": "iv-1", "_links": { "complaints": "" } }'),
      'src/test/scala/desk/DeskStub.scala': routes('desk', 'tickets', '{ "id": 7, "_links": { "comments": "" } }'),
      'src/main/scala/web/OwnRoutes.scala': routes('web', 'interviews', '{ "token": "iv-1", "_links": { "complaints": "" } }'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/scala/sc/StubServer.scala')).toEqual(['10 location-error-422', '16 mode-update-status-200']);
    expect(sites(r, 'src/test/scala/desk/DeskStub.scala')).toEqual([]);
    expect(sites(r, 'src/main/scala/web/OwnRoutes.scala')).toEqual([]);
  });
});
