import { migrateText, textFormatOf } from '../text';
import type { FrontEnd } from '../../lib/types';

/** `.env*`, JSON and YAML: values rewritten inside their characters (codemods/text). */
export const configFrontEnd: FrontEnd = {
  id: 'config',
  describe: '.env files, JSON and YAML: v1 addresses in values, by the role their key gives them',
  matches: (absPath) => textFormatOf(absPath) !== null,
  analyze: (input) =>
    migrateText(input.source, { config: input.config, filePath: input.filePath, only: input.only, markers: input.markers }),
};
