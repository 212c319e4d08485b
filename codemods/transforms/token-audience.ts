import { transformFor } from '../transform';

export default transformFor(['token-audience']);
