package profile

// conventionBehaviours are the open points of Document A's conventions,
// accounts, authentication, errors and limits.
var conventionBehaviours = []Behaviour{
	{
		Key:    NumberEncoding,
		Clause: "A-2.0",
		Values: []string{AsString, AsNumber},
		Doc: "How an N(n) field (\"number, length n\": oneTimePassword, verificationCode) travels in a JSON body: " +
			"string, a JSON string of digits (the default; it keeps leading zeros), or number, a JSON number.",
	},
}
