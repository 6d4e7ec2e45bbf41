/** Device types inferred from the answer schemas (the web, the server and the simulator read the same shapes). */
import type * as v from 'valibot';
import type {
  DeviceAnswerSchema,
  DevicePageSchema,
  HeartbeatAnswerSchema,
  LinkAnswerSchema,
  LinkCodeAnswerSchema,
  ParentOptionSchema,
} from './device.answer.js';

export type DeviceAnswer = v.InferOutput<typeof DeviceAnswerSchema>;
export type DevicePage = v.InferOutput<typeof DevicePageSchema>;
export type ParentOption = v.InferOutput<typeof ParentOptionSchema>;
export type LinkCodeAnswer = v.InferOutput<typeof LinkCodeAnswerSchema>;
export type LinkAnswer = v.InferOutput<typeof LinkAnswerSchema>;
export type HeartbeatAnswer = v.InferOutput<typeof HeartbeatAnswerSchema>;
