/** The demo data every fresh install gets: one account per role. */
export const DEMO_PASSWORD = 'Porton2026';

export interface DemoAccount {
  email: string;
  typeId: number;
  firstName: string;
  lastName: string;
  role: string;
}

export const demoAccounts: DemoAccount[] = [
  { email: 'admin@porton.mx', typeId: 1, firstName: 'Ana', lastName: 'Garza Torres', role: 'Administrador general' },
  { email: 'integrador@porton.mx', typeId: 14, firstName: 'Ignacio', lastName: 'Ramírez Soto', role: 'Integrador' },
  {
    email: 'administrador@porton.mx',
    typeId: 4,
    firstName: 'Adriana',
    lastName: 'Morales Peña',
    role: 'Administrador de fraccionamiento',
  },
  { email: 'capturista@porton.mx', typeId: 2, firstName: 'Carlos', lastName: 'Hernández Ruiz', role: 'Capturista' },
  { email: 'vigilante@porton.mx', typeId: 5, firstName: 'Víctor', lastName: 'López Díaz', role: 'Vigilante' },
  { email: 'residente@porton.mx', typeId: 3, firstName: 'Rosa', lastName: 'Martínez Cruz', role: 'Residente' },
  {
    email: 'contratista@porton.mx',
    typeId: 15,
    firstName: 'Constantino',
    lastName: 'Flores Vega',
    role: 'Contratista',
  },
  { email: 'integrador2@porton.mx', typeId: 14, firstName: 'Isabel', lastName: 'Navarro Luna', role: 'Integrador' },
  {
    email: 'administrador2@porton.mx',
    typeId: 4,
    firstName: 'Alberto',
    lastName: 'Castillo Mena',
    role: 'Administrador de fraccionamiento',
  },
];

/** A small demo set of postal codes; the national catalogue is imported by the operator. */
export const demoPostalCodes: { cp: string; colony: string; city: string; state: string }[] = [
  { cp: '01000', colony: 'San Ángel', city: 'Álvaro Obregón', state: 'Ciudad de México' },
  { cp: '01010', colony: 'Los Alpes', city: 'Álvaro Obregón', state: 'Ciudad de México' },
  { cp: '01020', colony: 'Guadalupe Inn', city: 'Álvaro Obregón', state: 'Ciudad de México' },
  { cp: '03100', colony: 'Del Valle Centro', city: 'Benito Juárez', state: 'Ciudad de México' },
  { cp: '44100', colony: 'Guadalajara Centro', city: 'Guadalajara', state: 'Jalisco' },
  { cp: '45010', colony: 'Jardines Universidad', city: 'Zapopan', state: 'Jalisco' },
  { cp: '45010', colony: 'Camino Real', city: 'Zapopan', state: 'Jalisco' },
  { cp: '64000', colony: 'Monterrey Centro', city: 'Monterrey', state: 'Nuevo León' },
  { cp: '76000', colony: 'Centro', city: 'Querétaro', state: 'Querétaro' },
  { cp: '76090', colony: 'Jardines de la Hacienda', city: 'Querétaro', state: 'Querétaro' },
];

export interface DemoCommunity {
  name: string;
  integrator: string;
  admins: string[];
  members: string[];
  licenses: number;
  cp: string;
  zones: { name: string; streets: string[] }[];
  residents: { first: string; last: string; street: string; number: string; user?: string }[];
}

export const demoIntegrators = [
  {
    email: 'integrador@porton.mx',
    phone: '5512345678',
    licenses: 400,
    street: 'Av. Insurgentes Sur',
    number: '1450',
    cp: '03100',
  },
  { email: 'integrador2@porton.mx', phone: null, licenses: 120, street: 'Av. Patria', number: '2085', cp: '45010' },
];

export const demoCommunities: DemoCommunity[] = [
  {
    name: 'Residencial Las Palmas',
    integrator: 'integrador@porton.mx',
    licenses: 150,
    cp: '01000',
    admins: ['administrador@porton.mx'],
    members: ['capturista@porton.mx', 'vigilante@porton.mx', 'residente@porton.mx', 'contratista@porton.mx'],
    zones: [
      { name: 'Zona Norte', streets: ['Avenida de las Palmas', 'Calle Roble'] },
      { name: 'Zona Sur', streets: ['Calle Cedro', 'Calle Pino'] },
    ],
    residents: [
      { first: 'Rosa', last: 'Martínez Cruz', street: 'Calle Roble', number: '12', user: 'residente@porton.mx' },
      { first: 'Jorge', last: 'Sánchez Ortiz', street: 'Calle Roble', number: '14' },
      { first: 'Lucía', last: 'Ramos Vidal', street: 'Avenida de las Palmas', number: '101' },
      { first: 'Miguel', last: 'Aguilar Reyes', street: 'Calle Cedro', number: '7' },
      { first: 'Fernanda', last: 'Ibarra Campos', street: 'Calle Pino', number: '22' },
    ],
  },
  {
    name: 'Bosques del Valle',
    integrator: 'integrador@porton.mx',
    licenses: 100,
    cp: '76090',
    admins: ['administrador@porton.mx'],
    members: [],
    zones: [{ name: 'Sección A', streets: ['Calle Encino', 'Calle Fresno'] }],
    residents: [
      { first: 'Patricia', last: 'Vázquez León', street: 'Calle Encino', number: '3' },
      { first: 'Raúl', last: 'Mendoza Gil', street: 'Calle Fresno', number: '18' },
    ],
  },
  {
    name: 'Villas del Sol',
    integrator: 'integrador2@porton.mx',
    licenses: 80,
    cp: '45010',
    admins: ['administrador2@porton.mx'],
    members: [],
    zones: [{ name: 'Etapa 1', streets: ['Calle Girasol', 'Calle Margarita'] }],
    residents: [
      { first: 'Sofía', last: 'Castro Rivas', street: 'Calle Girasol', number: '5' },
      { first: 'Daniel', last: 'Ortega Paz', street: 'Calle Margarita', number: '9' },
    ],
  },
];
