import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A path constant named like an enum constant of the app (`SymptomCheckerClient.COMPLAINT = "/complaints/{token}/"`
 * beside `InterviewMode.COMPLAINT`): another type's member of that name is not the path, so a helper that builds an
 * interview request with `InterviewMode.COMPLAINT` stays no complaint endpoint, and the request's model keeps its
 * resource. The path constant read through its own class still addresses the complaint.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  'public class SymptomCheckerClient {',
  '    static final String CREATE = "https://www.buoyhealth.com/api/interviews/anonymous/";',
  '    static final String COMPLAINT = "https://www.buoyhealth.com/api/complaints/{token}/";',
  '',
  '    public Interview createInterview(CreateInterviewRequest request) {',
  '        return rest.postForObject(CREATE, request, Interview.class);',
  '    }',
  '}',
];

const REQUEST = [
  'public class CreateInterviewRequest {',
  '    @JsonProperty("interview_mode")',
  '    private Boolean interviewMode;',
  '',
  '    @JsonProperty("mode")',
  '    private InterviewMode mode;',
  '}',
];

describe('path constants qualified by another type', () => {
  it("Java: InterviewMode.COMPLAINT in a test's request builder leaves CreateInterviewRequest the interview's model", async () => {
    writeTree(dir, {
      'src/main/java/SymptomCheckerClient.java': CLIENT.join('\n'),
      'src/main/java/CreateInterviewRequest.java': REQUEST.join('\n'),
      'src/test/java/ClientTest.java': [
        'class ClientTest {',
        '    private static CreateInterviewRequest request() {',
        '        CreateInterviewRequest request = new CreateInterviewRequest();',
        '        request.setMode(InterviewMode.COMPLAINT);',
        '        return request;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/CreateInterviewRequest.java')).toEqual(['2 interview-mode-flag-removed']);
  });

  it('Java: the constant read through its own class still addresses the complaint; a ticket request stays', async () => {
    writeTree(dir, {
      'src/main/java/SymptomCheckerClient.java': CLIENT.join('\n'),
      'src/main/java/CreateInterviewRequest.java': REQUEST.join('\n'),
      'src/main/java/ComplaintReader.java': [
        'public class ComplaintReader {',
        '    public Complaint complaintOf(String token) {',
        '        return rest.getForObject(SymptomCheckerClient.COMPLAINT, Complaint.class, token);',
        '    }',
        '}',
      ].join('\n'),
      'src/main/java/Complaint.java': ['public class Complaint {', '    @JsonProperty("extra")', '    private String extra;', '}'].join('\n'),
      'src/main/java/TicketRequest.java': [
        'public class TicketRequest {',
        '    @JsonProperty("interview_mode")',
        '    private Boolean interviewMode;',
        '',
        '    private TicketMode mode = TicketMode.COMPLAINT;',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/Complaint.java')).toEqual(['2 complaint-extra-removed', '2 complaint-extra-removed']);
    expect(sites(r, 'src/main/java/TicketRequest.java')).toEqual([]);
  });
});
