import { transformFor } from '../transform';

export default transformFor(['base-url']);
