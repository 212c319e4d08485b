import { transformFor } from '../transform';

export default transformFor(['complaint-extra-removed']);
