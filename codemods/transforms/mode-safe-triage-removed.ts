import { transformFor } from '../transform';

export default transformFor(['mode-safe-triage-removed']);
