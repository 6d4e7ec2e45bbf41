/** Answers of the contractors' calls. Field names are the contract's. */
import * as v from 'valibot';

/** Contractor: uuid, firstName, lastName, phone, enterprise (company), fullAddress, user {email}. */
export const ContractorAnswerSchema = v.object({
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  phone: v.string(),
  enterprise: v.string(),
  /** In the create format: `city, street, #number, C.P.:code`. */
  fullAddress: v.string(),
  user: v.object({ email: v.string() }),
});
