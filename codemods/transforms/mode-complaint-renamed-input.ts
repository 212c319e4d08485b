import { transformFor } from '../transform';

export default transformFor(['mode-complaint-renamed-input']);
