import { transformFor } from '../transform';

export default transformFor(['interview-mode-flag-removed']);
