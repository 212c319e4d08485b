import { transformFor } from '../transform';

/** Every change of the catalogue in one pass. */
export default transformFor();
