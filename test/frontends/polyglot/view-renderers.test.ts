import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Views whose decorator names the template they render (Pyramid's `@view_config(renderer="templates/result.jinja2")`,
 * aiohttp-jinja2's `@template("result.html")`): the dictionary the view returns is the template's context, so a bare
 * name given a read of the field of that name (`"advice": result.advice`) holds the field there. A ticket's `advice`
 * returned under the same name is not the API's.
 */

const dir = tempProjectDir();

const CLIENT = [
  'import treq',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  '',
  'class Buoy:',
  '    def get_result(self, token):',
  '        return treq.get(BASE + "results/%s/" % token)',
].join('\n');

const PAGE = ['<h1>Results</h1>', '{% if advice %}<p>{{ advice }}</p>{% endif %}', '<p>{{ level }}</p>', '{% if test %}<p>{{ test }}</p>{% endif %}'].join('\n');

describe('a view whose decorator names its template', () => {
  it('Pyramid: `@view_config(renderer="templates/result.jinja2")` returning `{"advice": result.advice}`', async () => {
    writeTree(dir(), {
      'app/client.py': CLIENT,
      'app/views.py': [
        'from pyramid.view import view_config',
        '',
        '',
        '@view_config(route_name="result", renderer="templates/result.jinja2")',
        'def show_result(request):',
        '    result = request.buoy.get_result(request.matchdict["token"])',
        '    return {',
        '        "level": result.level,',
        '        "advice": result.advice,',
        '        "test": result.test,',
        '    }',
      ].join('\n'),
      'app/templates/result.jinja2': PAGE,
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/templates/result.jinja2')).toEqual(['2 result-advice-test-removed', '2 result-advice-test-removed', '4 result-advice-test-removed', '4 result-advice-test-removed']);
  });

  it('an asset spec (`renderer="app:templates/result.jinja2"`) and `return dict(advice=…)`', async () => {
    writeTree(dir(), {
      'app/client.py': CLIENT,
      'app/views.py': [
        'from pyramid.view import view_config',
        '',
        '',
        '@view_config(route_name="result", renderer="app:templates/result.jinja2")',
        'def show_result(request):',
        '    result = request.buoy.get_result(request.matchdict["token"])',
        '    return dict(level=result.level, advice=result.advice)',
      ].join('\n'),
      'app/templates/result.jinja2': PAGE,
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/templates/result.jinja2')).toEqual(['2 result-advice-test-removed', '2 result-advice-test-removed']);
  });

  it("a helpdesk ticket's `advice` returned to the same template is not the API's, nor a JSON view's dict", async () => {
    writeTree(dir(), {
      'app/client.py': CLIENT,
      'app/views.py': [
        'from pyramid.view import view_config',
        '',
        '',
        '@view_config(route_name="ticket", renderer="templates/result.jinja2")',
        'def show_ticket(request):',
        '    ticket = request.helpdesk.open_ticket(request.matchdict["token"])',
        '    request.buoy.get_result(request.matchdict["token"])',
        '    return {"advice": ticket.advice, "test": ticket.test}',
        '',
        '',
        '@view_config(route_name="api_result", renderer="json")',
        'def api_result(request):',
        '    result = request.buoy.get_result(request.matchdict["token"])',
        '    return {"advice": result.advice}',
      ].join('\n'),
      'app/templates/result.jinja2': PAGE,
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/templates/result.jinja2')).toEqual([]);
  });
});
