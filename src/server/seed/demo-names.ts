/** Fictional names for the demo clinic's patients: varied, and none belongs to a real record. */
const list = (names: string) => names.split(", ");

export const FEMALE_FIRST_NAMES = list(
  "Amara, Sofia, Mei, Harper, Zainab, Lucia, Nora, Priyanka, Chloe, Imani, Hannah, Valentina, " +
    "Aisha, Grace, Yuki, Maya, Fatima, Elena, Olivia, Keisha, Ingrid, Camila, Leah, Rosa",
);

export const MALE_FIRST_NAMES = list(
  "Mateo, Liam, Kwame, Ethan, Hiroshi, Omar, Diego, Noah, Arjun, Malik, Samuel, Tomas, " +
    "Jamal, Lucas, Andre, Felix, Wei, Elijah, Rafael, Caleb, Nikolai, Isaac, Dmitri, Kofi",
);

/** For patients whose gender at birth is unknown, other or nonbinary. */
export const NEUTRAL_FIRST_NAMES = list("Alex, Riley, Quinn, Sage, Rowan, Avery, Emerson, Skyler");

export const FEMALE_MIDDLE_NAMES = list("Marie, Ann, Rose, Jean, Elise, Mae");
export const MALE_MIDDLE_NAMES = list("James, Jose, Ray, Thomas, Lee, Kai");
export const NEUTRAL_MIDDLE_NAMES = list("Lee, Kai, Jordan, Robin");

export const LAST_NAMES = list(
  "Okafor, Nguyen, Garcia, Thompson, Haddad, Kowalski, Patel, Johansson, Reyes, Washington, " +
    "Kim, Moreau, Abernathy, Castillo, Lindqvist, Mensah, Sato, O'Brien, Delgado, Fischer, " +
    "Bautista, Ivanova, Coleman, Nakamura, Osei, Murphy, Rahman, Dubois, Alvarez, Bennett, " +
    "Santos, Yamamoto, Adeyemi, Novak, Chen, Hughes, Silva, Farouk, McAllister, Torres, " +
    "de la Cruz, Park, Ellison, Mwangi, Rossi, Brennan, Iqbal, Sorensen, Vargas, Whitaker",
);
