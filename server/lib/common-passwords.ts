/**
 * The most used passwords of public breach lists (and local favourites), refused at sign-up
 * and reset. Lower-case; checked case-insensitively. Only those of 6+ characters matter.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '000000', '01234567', '0123456789', '101010', '111111', '11111111', '112233', '11223344',
  '1122334455', '112233445566', '121212', '123123', '123123123', '123321', '12341234', '12344321',
  '123456', '1234567', '12345678', '123456789', '1234567890', '1234qwer', '123654', '123abc',
  '123qwe', '131313', '147258', '147258369', '159357', '159753', '1q2w3e', '1q2w3e4r',
  '1q2w3e4r5t', '1qaz2wsx', '202020', '222222', '333333', '444444', '456789', '555555', '654321',
  '654321a', '666666', '696969', '7654321', '777777', '7777777', '789456', '87654321', '888888',
  '987654', '987654321', '999999', 'a123456', 'aaaaaa', 'aaaaaa1', 'abc123', 'abc12345', 'abcabc',
  'abcd1234', 'abcdef', 'access', 'admin123', 'administrator', 'amanda', 'andrew', 'asdasd',
  'asdf1234', 'asdfgh', 'asdfghjkl', 'ashley', 'austin', 'babygirl', 'baseball', 'batman',
  'biteme', 'blessed', 'blessing', 'buster', 'changeme', 'charlie', 'cheese', 'chelsea',
  'chinonso', 'chukwu', 'computer', 'dallas', 'daniel', 'default', 'dragon', 'dragon1', 'favour',
  'flower', 'football', 'football1', 'freedom', 'george', 'ginger', 'god123', 'harley', 'hello123',
  'hockey', 'hunter', 'iloveyou', 'iloveyou1', 'iphone', 'jennifer', 'jessica', 'jesus123',
  'jordan', 'joshua', 'killer', 'klaster', 'lagos123', 'letmein', 'letmein!', 'letmein1', 'lovely',
  'maggie', 'master', 'master1', 'matrix', 'matthew', 'michael', 'michelle', 'mobilemail',
  'monitor', 'monitoring', 'monkey', 'monkey1', 'montana', 'moscow', 'mustang', 'naija123',
  'naruto', 'nicole', 'nigeria', 'nigeria1', 'nigeria123', 'olamide', 'p@ssw0rd', 'p@ssword',
  'pa55word', 'passw0rd', 'password', 'password!', 'password1', 'password12', 'password123',
  'pepper', 'pokemon', 'princess', 'princess1', 'q1w2e3r4', 'qazwsx', 'qweasd', 'qweasdzxc',
  'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'ranger', 'robert', 'samsung',
  'secret', 'secret1', 'shadow', 'shadow1', 'soccer', 'starwars', 'starwars1', 'summer',
  'sunshine', 'sunshine1', 'superman', 'taylor', 'test123', 'testing', 'thomas', 'thunder',
  'tigger', 'trustno1', 'trustno1!', 'welcome', 'welcome1', 'whatever', 'yankees', 'zaq12wsx',
  'zxcv1234', 'zxcvbn', 'zxcvbnm',
]);
