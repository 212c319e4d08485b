import { transformFor } from '../transform';

export default transformFor(['update-msg-in-links']);
