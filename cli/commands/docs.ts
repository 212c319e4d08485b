import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CommandModule } from 'yargs';
import { renderCatalogueDoc, renderTable, updateReadme } from '../../catalogue/docs';
import { FRONTENDS_END, FRONTENDS_START, renderFrontEndTable, replaceBetween } from '../../lib/docs';
import { helpEpilogue } from '../help';

interface DocsArgs {
  write?: string;
}

/**
 * `sc-migrate docs`: print the catalogue table, or rewrite it (and the front-end table) inside a README and
 * regenerate docs/catalogue.md.
 */
export const docsCommand: CommandModule<object, DocsArgs> = {
  command: 'docs',
  describe: 'Print the change catalogue as a Markdown table (--write README.md updates it in place, with docs/catalogue.md)',
  builder: (y) =>
    y.option('write', { type: 'string', describe: 'README file whose catalogue table to regenerate' }).epilogue(
      helpEpilogue({
        examples: [
          ['$ sc-migrate docs', 'The catalogue table on stdout'],
          ['$ sc-migrate docs --write README.md', 'Regenerate the catalogue and front-end tables in README.md, and docs/catalogue.md beside it'],
        ],
        exitCodes: [
          [0, 'printed or written'],
          [2, 'usage error, or a file cannot be read or written'],
        ],
      }),
    ),
  handler: (args) => {
    if (!args.write) {
      process.stdout.write(`${renderTable()}\n`);
      return;
    }
    const readme = path.resolve(args.write);
    let text = updateReadme(fs.readFileSync(readme, 'utf8'));
    if (text.includes(FRONTENDS_START)) text = replaceBetween(text, FRONTENDS_START, FRONTENDS_END, renderFrontEndTable());
    fs.writeFileSync(readme, text);
    const doc = path.join(path.dirname(readme), 'docs', 'catalogue.md');
    fs.mkdirSync(path.dirname(doc), { recursive: true });
    fs.writeFileSync(doc, renderCatalogueDoc());
    process.stderr.write(`updated ${readme} and ${doc}\n`);
  },
};
