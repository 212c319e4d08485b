import { transformFor } from '../transform';

export default transformFor(['potential-condition-triage-removed']);
