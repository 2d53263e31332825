// Differential oracle: V8's RegExp with the "u" flag, search semantics (RegExp.prototype.test).
const patterns = ["^[a-z]{2,5}$","^\\d{3}-\\d{4}$","^(foo|bar)+$","a.c","^[^\"]*$","^abc?d*efg+(hij)?kl$","^A|B|C|D$",
 "(^|-)x","a$|^b","(^a|b)*c","(a|$)+","^(a$|b)*","(^a|b$){2,3}","^(?:(?:ab)+c)?d$","^[\\w.+-]+@[a-z0-9-]+\\.[a-z]{2,}$",
 "\\s+\\S","^[\\u0000-\\u001f\"\\\\/]+$","^(a|ab)(c|bcd)(d*)$","^é?😀*[à-ÿ]$","^[^\\d\\W]{1,3}","^(?:a{2}){2,3}$",
 "^(a?){3}b{0,2}$","^[ -~]{0,4}$","ab|cd|^ef$","^.$","^..$","[\\s\\S]","\\W\\D","^\\u{1F600}+$","^[\\b]$","^\\cJ$","a*?b+?c??"];
const alphabet = ["a","b","c","d","e","f","o","r","x","z","A","D","0","1","9","-","_"," ",".","@","\"","\\","/","\n","\r","\t","\u0000","\u0008","\u000b","\u001f","\u007f","é","à","ÿ","π","\u2028","\u00a0","\u3000","\ufeff","\u0085","😀"];
let seed = 12345;
const rnd = n => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const out = [];
for (const p of patterns) {
  const re = new RegExp(p, "u");
  const seen = new Set();
  for (let i = 0; i < 150; i++) {
    const len = rnd(7);
    let s = "";
    for (let j = 0; j < len; j++) s += alphabet[rnd(alphabet.length)];
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(JSON.stringify({pattern: p, input: s, matches: re.test(s)}));
  }
}
console.log(out.join("\n"));
