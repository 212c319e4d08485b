import { transformFor } from '../transform';

export default transformFor(['interview-profile-fields-removed']);
