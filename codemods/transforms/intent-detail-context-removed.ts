import { transformFor } from '../transform';

export default transformFor(['intent-detail-context-removed']);
