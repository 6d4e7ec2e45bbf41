/** The made-up people and cars of the demo history: names, car brands and colours, comments, plates. */
import type { Random } from './seeded-random.js';

export const FIRST = [
  'José',
  'María',
  'Juan',
  'Guadalupe',
  'Luis',
  'Sofía',
  'Jesús',
  'Andrea',
  'Miguel Ángel',
  'Fernanda',
  'Ángel',
  'Valeria',
  'Ramón',
  'Ximena',
  'Raúl',
  'Lucía',
  'Héctor',
  'Mónica',
  'Iván',
  'Renata',
  'Óscar',
  'Paulina',
  'Efraín',
  'Begoña',
  'Joaquín',
  'Noemí',
];
export const LAST = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Gómez',
  'Flores',
  'Morales',
  'Vázquez',
  'Jiménez',
  'Reyes',
  'Díaz',
  'Núñez',
  'Ibáñez',
  'Muñoz',
  'Ávila',
  'Peña',
  'Cortés',
  'Solís',
];
export const BRANDS = [
  'Nissan',
  'Chevrolet',
  'Volkswagen',
  'Toyota',
  'KIA',
  'Honda',
  'Mazda',
  'Ford',
  'Hyundai',
  'SEAT',
  'MG',
  'Renault',
];
export const COLORS = ['Blanco', 'Gris', 'Negro', 'Plata', 'Rojo', 'Azul', 'Vino', 'Beige'];
export const COMMENTS = [
  'Entrega de paquetería',
  'Visita familiar',
  'Servicio de gas',
  'Reparación de fugas',
  'Jardinería',
  'Limpieza',
  'Comida a domicilio',
  'Mudanza',
  'Fiesta infantil',
  'Clases particulares',
];

/** A plate as Mexican ones look: three letters, three digits, a letter. */
export const plate = (random: Random) => {
  const l = () => String.fromCharCode(65 + Math.floor(random() * 26));
  return `${l()}${l()}${l()}-${String(Math.floor(random() * 1000)).padStart(3, '0')}-${l()}`;
};

/** Relative weight of each local day of the `days` days ending today (index 0 is the oldest). */
