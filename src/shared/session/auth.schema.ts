import * as v from 'valibot';

export const REQUIRED = 'El campo es obligatorio.';
export const INVALID_EMAIL = 'Por favor ingresa un correo valido.';
export const CONTRACTOR_BAD_PASSWORD = 'Contraseña incorrecta';
export const REGISTRATION_PASSWORD_RULE =
  'Tu contraseña debe contener al menos un número y una mayúscula. No se aceptan caracteres especiales';
export const PASSWORDS_DIFFER = 'La constraseña debe ser la misma';

/** The email pattern: letters, digits and ._%+- before '@', a domain, a TLD of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** Main sign-in: both fields required. */
export const SignInSchema = v.object({
  email: v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED)),
  password: v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED)),
});
export type SignIn = v.InferOutput<typeof SignInSchema>;

/** Contractor sign-in: email required, pattern, max 64; password required, min 5. */
export const ContractorSignInSchema = v.object({
  email: v.pipe(
    v.string(INVALID_EMAIL),
    v.trim(),
    v.nonEmpty(INVALID_EMAIL),
    v.maxLength(64, INVALID_EMAIL),
    v.regex(EMAIL_PATTERN, INVALID_EMAIL),
  ),
  password: v.pipe(v.string(CONTRACTOR_BAD_PASSWORD), v.minLength(5, CONTRACTOR_BAD_PASSWORD)),
});

/** Registration password: 8+ letters and digits, at least one digit, one upper, one lower. */
export const RegistrationPasswordSchema = v.pipe(
  v.string(REGISTRATION_PASSWORD_RULE),
  v.minLength(8, REGISTRATION_PASSWORD_RULE),
  v.maxLength(64, REGISTRATION_PASSWORD_RULE),
  v.regex(/^[A-Za-z0-9]+$/, REGISTRATION_PASSWORD_RULE),
  v.regex(/[0-9]/, REGISTRATION_PASSWORD_RULE),
  v.regex(/[A-Z]/, REGISTRATION_PASSWORD_RULE),
  v.regex(/[a-z]/, REGISTRATION_PASSWORD_RULE),
);

export const RegistrationFormSchema = v.pipe(
  v.object({ password: RegistrationPasswordSchema, confirmation: v.string(PASSWORDS_DIFFER) }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmation']],
      (input) => input.password === input.confirmation,
      PASSWORDS_DIFFER,
    ),
    ['confirmation'],
  ),
);

/** Body of `POST api/users/newPassword`. */
export const NewPasswordSchema = v.object({
  uuid: v.pipe(v.string(REQUIRED), v.uuid('El enlace de registro no es válido.')),
  password: RegistrationPasswordSchema,
});

export const ResetEmailSchema = v.pipe(
  v.string(INVALID_EMAIL),
  v.trim(),
  v.nonEmpty(INVALID_EMAIL),
  v.maxLength(64, INVALID_EMAIL),
  v.regex(EMAIL_PATTERN, INVALID_EMAIL),
);
