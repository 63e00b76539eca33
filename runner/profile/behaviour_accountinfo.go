package profile

// accountInfoBehaviours are the open points of Document B's account
// information, wallet-to-merchant payments and address check (B-2.3, B-2.4,
// B-4.10 to B-4.19, and the KC rows of B-3).
var accountInfoBehaviours = []Behaviour{}
