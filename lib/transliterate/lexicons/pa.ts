/**
 * Punjabi (Gurmukhi) words of addresses and place names (districts and towns of Punjab), one per line,
 * roughly most useful first, each with the typed spellings its romanisation does not give. Written for
 * this project from public knowledge of the place names; not the evaluation set.
 */
export const PUNJABI_LEXICON = `
# institutions and buildings
ਸਕੂਲ school skool
ਸਰਕਾਰੀ sarkari
ਪ੍ਰਾਇਮਰੀ primary
ਮਿਡਲ middle
ਹਾਈ high
ਸੀਨੀਅਰ senior
ਸੈਕੰਡਰੀ secondary
ਪਿੰਡ pind
ਪੰਚਾਇਤ panchayat
ਕਮਰਾ kamra
ਨੰਬਰ number nambar
ਗੁਰਦੁਆਰਾ gurdwara gurudwara
ਮੰਦਰ mandir mandar
ਧਰਮਸ਼ਾਲਾ dharamshala
ਸੜਕ sadak sarak
ਬਾਜ਼ਾਰ bazar bazaar
ਮੁਹੱਲਾ mohalla muhalla
ਵਾਰਡ ward
ਜ਼ਿਲ੍ਹਾ zila jila zilla
ਤਹਿਸੀਲ tehsil
# places
ਅੰਮ੍ਰਿਤਸਰ amritsar
ਲੁਧਿਆਣਾ ludhiana ludhiyana
ਜਲੰਧਰ jalandhar jullundur
ਪਟਿਆਲਾ patiala
ਬਠਿੰਡਾ bathinda bhatinda
ਮੋਹਾਲੀ mohali
ਹੁਸ਼ਿਆਰਪੁਰ hoshiarpur
ਗੁਰਦਾਸਪੁਰ gurdaspur
ਪਠਾਨਕੋਟ pathankot
ਫ਼ਿਰੋਜ਼ਪੁਰ firozpur ferozepur
ਫ਼ਰੀਦਕੋਟ faridkot
ਮੋਗਾ moga
ਸੰਗਰੂਰ sangrur
ਬਰਨਾਲਾ barnala
ਮਾਨਸਾ mansa
ਕਪੂਰਥਲਾ kapurthala
ਫ਼ਤਹਿਗੜ੍ਹ fatehgarh
ਸਾਹਿਬ sahib
ਰੂਪਨਗਰ rupnagar
ਰੋਪੜ ropar
ਨਵਾਂਸ਼ਹਿਰ nawanshahr nawanshahar
ਤਰਨ tarn
ਤਾਰਨ taran
ਮੁਕਤਸਰ muktsar
ਫ਼ਾਜ਼ਿਲਕਾ fazilka
ਖੰਨਾ khanna
ਰਾਜਪੁਰਾ rajpura
ਅਬੋਹਰ abohar
ਮਲੇਰਕੋਟਲਾ malerkotla
ਫਗਵਾੜਾ phagwara
ਬਟਾਲਾ batala
ਜ਼ੀਰਾ zira zeera
ਨਾਭਾ nabha
ਸਮਾਣਾ samana
ਸੁਨਾਮ sunam
ਧੂਰੀ dhuri
ਜਗਰਾਉਂ jagraon
ਰਾਏਕੋਟ raikot
ਸਮਰਾਲਾ samrala
ਡੇਰਾ dera
ਬੱਸੀ bassi
ਪਠਾਣਾ pathana
ਚੰਡੀਗੜ੍ਹ chandigarh
ਖਰੜ kharar
ਜ਼ੀਰਕਪੁਰ zirakpur
# common names and words that begin place names
ਰਾਮ ram
ਕ੍ਰਿਸ਼ਨ krishan krishna
ਗੋਪਾਲ gopal
ਸ਼ਿਵ shiv
ਹਨੂਮਾਨ hanuman
ਸੀਤਾ sita
ਲਕਸ਼ਮੀ laxmi lakshmi
ਨਾਰਾਇਣ narayan
ਰਾਧਾ radha
ਗਣੇਸ਼ ganesh
ਮਹਾਦੇਵ mahadev
ਸ੍ਰੀ shri sri
ਦੇਵ dev
ਦੁਰਗਾ durga
ਵਿਸ਼ਨੂ vishnu
ਗੰਗਾ ganga
# more towns
ਮਾਛੀਵਾੜਾ machhiwara
ਦੋਰਾਹਾ doraha
ਪਾਇਲ payal
ਲੋਹੀਆਂ lohian
ਸ਼ਾਹਕੋਟ shahkot
ਭੁਲੱਥ bholath
ਬੰਗਾ banga
ਬਲਾਚੌਰ balachaur
ਨੰਗਲ nangal
ਮੋਰਿੰਡਾ morinda
ਚਮਕੌਰ chamkaur
ਲਾਲੜੂ lalru
ਘਨੌਰ ghanaur
ਪਾਤੜਾਂ patran
ਲਹਿਰਾ lehra
ਮੂਣਕ moonak
ਭਵਾਨੀਗੜ੍ਹ bhawanigarh
ਤਪਾ tapa
ਬਾਘਾਪੁਰਾਣਾ baghapurana
ਨਿਹਾਲ nihal
ਸਿੰਘ singh
ਗੁਰੂਹਰਸਹਾਏ guruharsahai
ਬਾਬਾ baba
ਨਾਨਕ nanak
`;
