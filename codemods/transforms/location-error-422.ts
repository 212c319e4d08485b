import { transformFor } from '../transform';

export default transformFor(['location-error-422']);
