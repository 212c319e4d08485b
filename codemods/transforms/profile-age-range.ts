import { transformFor } from '../transform';

export default transformFor(['profile-age-range']);
