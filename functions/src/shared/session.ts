import { z } from 'zod';
import { ROLES } from './session-model.js';

export const roleSchema = z.enum(ROLES);

