import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Salesforce Apex (.cls classes, .trigger triggers) has no grammar here: Java's reads its classes but not its
 * collection initializers (`new Map<String, Object>{ 'mode' => mode }`, where the bodies are) nor its SOQL, so
 * its files get the token pass of languages without a parser, with Apex's single-quoted strings. A callout
 * class of the API is reported at what v2 changed; a helpdesk's callout class of the same shape is not.
 */
const dir = tempProjectDir();

describe('Apex callouts, read by their tokens', () => {
  it('an HttpRequest client of the API with Map bodies, status checks and wrapper classes; a helpdesk client of the same shape', async () => {
    writeTree(dir(), {
      'force-app/main/default/classes/CareConstants.cls': [
        'public with sharing class CareConstants {',
        "    public static final String PATH_INTERVIEW = 'interviews/{0}/';",
        "    public static final String MODE_SAFE = 'safe';",
        '}',
      ].join('\n'),
      'force-app/main/default/classes/CareService.cls': [
        'public with sharing class CareService {',
        '    public Boolean setMode(String token, String mode) {',
        '        HttpRequest req = new HttpRequest();',
        "        req.setEndpoint('callout:Care_API/' + String.format(CareConstants.PATH_INTERVIEW, new List<String>{ token }));",
        "        req.setMethod('PUT');",
        "        req.setBody(JSON.serialize(new Map<String, Object>{ 'mode' => mode }));",
        '        HttpResponse res = new Http().send(req);',
        '        return res.getStatusCode() == 202;',
        '    }',
        '    public void addComplaint(String token, String text, String note) {',
        '        HttpRequest req = new HttpRequest();',
        "        req.setEndpoint('callout:Care_API/complaints/');",
        "        req.setMethod('POST');",
        "        req.setBody(JSON.serialize(new Map<String, Object>{ 'interview' => token, 'text' => text, 'extra' => note }));",
        '        new Http().send(req);',
        '    }',
        '}',
      ].join('\n'),
      'force-app/main/default/classes/DeskService.cls': [
        'public with sharing class DeskService {',
        '    public Boolean fileTicket(String subject) {',
        '        HttpRequest req = new HttpRequest();',
        "        req.setEndpoint('https://desk.example.com/api/tickets/');",
        "        req.setMethod('POST');",
        "        req.setBody(JSON.serialize(new Map<String, Object>{ 'mode' => 'safe', 'extra' => subject, 'advice' => '' }));",
        '        HttpResponse res = new Http().send(req);',
        '        return res.getStatusCode() == 202;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'force-app/main/default/classes/CareConstants.cls')).toEqual(['3 mode-safe-triage-removed']);
    expect(sites(r, 'force-app/main/default/classes/CareService.cls')).toEqual(['14 complaint-extra-removed', '8 mode-update-status-200']);
    expect(sites(r, 'force-app/main/default/classes/DeskService.cls')).toEqual([]);
  });

  it("an HttpCalloutMock's answers given by position (path, status, body); a helpdesk's of the same shape", async () => {
    writeTree(dir(), {
      'force-app/main/default/classes/CareServiceTest.cls': [
        '@IsTest',
        'private class CareServiceTest {',
        '    @IsTest',
        '    static void locationFailure() {',
        "        Test.setMock(HttpCalloutMock.class, new CareCalloutMock().respondApi('interviews/anonymous/', 400, null));",
        '    }',
        '    @IsTest',
        '    static void pendingModeUpdate() {',
        '        Test.setMock(HttpCalloutMock.class, new CareCalloutMock()',
        "            .respondApi('interviews/' + TOKEN + '/', 202, null));",
        '    }',
        '}',
      ].join('\n'),
      'force-app/main/default/classes/DeskServiceTest.cls': [
        '@IsTest',
        'private class DeskServiceTest {',
        '    @IsTest',
        '    static void queuedTicket() {',
        "        Test.setMock(HttpCalloutMock.class, new DeskCalloutMock().respondApi('https://desk.example.com/api/tickets/', 202, null));",
        "        Test.setMock(HttpCalloutMock.class, new DeskCalloutMock().respondApi('tickets/', 400, null));",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'force-app/main/default/classes/CareServiceTest.cls')).toEqual(['10 mode-update-status-200', '5 location-error-422']);
    expect(sites(r, 'force-app/main/default/classes/DeskServiceTest.cls')).toEqual([]);
  });
});
