import {
  FEMALE_FIRST_NAMES,
  FEMALE_MIDDLE_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MALE_MIDDLE_NAMES,
  NEUTRAL_FIRST_NAMES,
  NEUTRAL_MIDDLE_NAMES,
} from "../demo-names.ts";

/**
 * Fictional names for a generated clinic network: the demo's lists and more, so 100,000 patients
 * do not share a few hundred full names (search and sort see a realistic spread) and common
 * prefixes ("Smi", "Joh") match as many people as they would in a real clinic. None is a record.
 */
const list = (names: string) => names.split(", ");

const unique = (...lists: string[][]) => [...new Set(lists.flat())];

export const NETWORK_FEMALE_FIRST = unique(
  FEMALE_FIRST_NAMES,
  list(
    "Emma, Ava, Isabella, Mia, Abigail, Emily, Elizabeth, Sofia, Avery, Ella, Scarlett, Victoria, " +
      "Madison, Luna, Lily, Zoe, Penelope, Layla, Riley, Zoey, Nora, Eleanor, Hazel, Aurora, Savannah, " +
      "Audrey, Brooklyn, Bella, Claire, Skylar, Lucy, Paisley, Everly, Anna, Caroline, Nova, Genesis, " +
      "Emilia, Kennedy, Samantha, Maya, Willow, Kinsley, Naomi, Aaliyah, Elena, Sarah, Ariana, Allison, " +
      "Gabriella, Alice, Madelyn, Cora, Ruby, Eva, Serenity, Autumn, Adeline, Hailey, Gianna, Jasmine, " +
      "Deborah, Patricia, Linda, Barbara, Susan, Jessica, Karen, Nancy, Margaret, Sandra, Ashley, Dorothy, " +
      "Kimberly, Donna, Michelle, Carol, Amanda, Melissa, Stephanie, Rebecca, Sharon, Laura, Cynthia, Amy",
  ),
);

export const NETWORK_MALE_FIRST = unique(
  MALE_FIRST_NAMES,
  list(
    "James, Oliver, Benjamin, Henry, Alexander, William, Michael, Daniel, Logan, Jackson, Levi, " +
      "Sebastian, Jack, Aiden, Owen, Luke, Grayson, Wyatt, Carter, Julian, Jayden, Gabriel, Anthony, " +
      "Dylan, Leo, Lincoln, Jaxon, Asher, Christopher, Josiah, Andrew, Thomas, Joshua, Ezra, Hudson, " +
      "Charles, Christian, Hunter, Eli, Jonathan, Connor, Landon, Adrian, Jeremiah, Nolan, Easton, " +
      "Robert, John, David, Richard, Joseph, Charles, Matthew, Mark, Donald, Steven, Paul, Kenneth, " +
      "Kevin, Brian, George, Timothy, Ronald, Edward, Jason, Jeffrey, Ryan, Jacob, Gary, Nicholas, " +
      "Eric, Stephen, Larry, Justin, Scott, Brandon, Raymond, Gregory, Frank, Patrick, Dennis, Jerry",
  ),
);

export const NETWORK_NEUTRAL_FIRST = unique(
  NEUTRAL_FIRST_NAMES,
  list("Jordan, Taylor, Morgan, Casey, Jamie, Reese, Finley, Dakota, Hayden, Parker, Charlie, Ari"),
);

export const NETWORK_MIDDLE = {
  f: FEMALE_MIDDLE_NAMES,
  m: MALE_MIDDLE_NAMES,
  other: NEUTRAL_MIDDLE_NAMES,
} as const;

export const NETWORK_LAST_NAMES = unique(
  LAST_NAMES,
  list(
    "Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Rodriguez, Martinez, Hernandez, Lopez, " +
      "Gonzalez, Wilson, Anderson, Taylor, Moore, Jackson, Martin, Lee, Perez, White, Harris, Sanchez, " +
      "Clark, Ramirez, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Hill, Flores, Green, " +
      "Adams, Nelson, Baker, Hall, Rivera, Campbell, Mitchell, Carter, Roberts, Gomez, Phillips, Evans, " +
      "Turner, Diaz, Parker, Cruz, Edwards, Collins, Reyes, Stewart, Morris, Morales, Cook, Rogers, " +
      "Gutierrez, Ortiz, Morgan, Cooper, Peterson, Bailey, Reed, Kelly, Howard, Ramos, Cox, Ward, " +
      "Richardson, Watson, Brooks, Chavez, Wood, James, Bennett, Gray, Mendoza, Ruiz, Price, Alvarez, " +
      "Castillo, Sanders, Patel, Myers, Long, Ross, Foster, Jimenez, Powell, Jenkins, Perry, Russell, " +
      "Sullivan, Bell, Butler, Barnes, Fisher, Henderson, Smithson, Smithers, Johnston, Jonas, Kowalczyk, " +
      "Nowak, Lindgren, Eriksen, Haugen, Virtanen, Takahashi, Tanaka, Suzuki, Watanabe, Ito, Hoang, " +
      "Tran, Pham, Le, Vu, Choi, Jung, Kang, Cho, Yoon, Singh, Kumar, Sharma, Gupta, Khan, Ali, Hussain, " +
      "Ahmed, Mahmoud, Nasser, Okeke, Eze, Nwosu, Abara, Boateng, Owusu, Asante, Kariuki, Otieno, Banda",
  ),
);

/** First names of parents and guardians by the relation's gender; teachers take any. */
export const NETWORK_PARENT_FIRST = {
  Mother: NETWORK_FEMALE_FIRST,
  Father: NETWORK_MALE_FIRST,
  Guardian: NETWORK_NEUTRAL_FIRST,
} as const;
