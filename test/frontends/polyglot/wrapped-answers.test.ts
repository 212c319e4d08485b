import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An endpoint that answers with the app's own sealed wrapper (`ModeUpdate.Updated(val response: InterviewUpdateResponse)`),
 * called on a receiver no chain reads (Kotlin's trailing lambda, `api { stub() }.updateMode(…)`) and cast to the subtype:
 * a read through the wrapper's field is a read of the model it holds. A desk's wrapper of the same shape stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('answers wrapped in the app\'s own types', () => {
  it('Kotlin: `(api { … }.updateMode(t, m) as ModeUpdate.Updated).response.msg`; a desk wrapper\'s `reply.msg` stays', async () => {
    writeTree(dir, {
      'sc/Api.kt': [
        'package sc',
        '',
        'data class InterviewUpdateResponse(val msg: String)',
        'data class TicketReply(val msg: String)',
        '',
        'sealed class ModeUpdate {',
        '    data class Updated(val response: InterviewUpdateResponse) : ModeUpdate()',
        '    object NothingProduced : ModeUpdate()',
        '}',
        '',
        'sealed class TicketUpdate {',
        '    data class Moved(val reply: TicketReply) : TicketUpdate()',
        '}',
        '',
        'class Api(private val http: HttpClient) {',
        '    suspend fun updateMode(t: String, mode: String): ModeUpdate = ModeUpdate.Updated(http.put("https://www.buoyhealth.com/api/interviews/$t/").body())',
        '    suspend fun moveTicket(t: String): TicketUpdate = TicketUpdate.Moved(http.put("https://desk.example.org/api/tickets/$t/").body())',
        '}',
        '',
      ].join('\n'),
      'sc/ApiTest.kt': [
        'package sc',
        '',
        'class ApiTest {',
        '    @Test fun updated() = runBlocking {',
        '        val update = api { json("{}") }.updateMode("t", "protocol") as ModeUpdate.Updated',
        '        assertEquals("set", update.response.msg)',
        '        val moved = desk { json("{}") }.moveTicket("t") as TicketUpdate.Moved',
        '        assertEquals("moved", moved.reply.msg)',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/ApiTest.kt')).toEqual(['6 update-msg-in-links']);
  });
});
