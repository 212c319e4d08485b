import { transformFor } from '../transform';

export default transformFor(['mode-update-status-200']);
