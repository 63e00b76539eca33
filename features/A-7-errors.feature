@A-7
Feature: Errors (A-7)
  A mandatory field that is missing, a value of the wrong data type, a date
  or time not written in its notation (A-2.0) and a body that is not JSON
  are syntax errors: responseCode 0001 with HTTP 400. A date or time that is
  written right but does not exist is an invalid value: A-7 does not name
  its code, so a handled error is required and 0001 is advice. Every error
  response carries partnerReference, a four-digit responseCode and a
  responseDescription.

  Rule: A response code goes with the HTTP status A-7 pairs with it

    @A-4.8 @A-7#12
    Scenario: Init Verify, whose own status is not shown, succeeds with HTTP 200 or 201
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner starts verifying the payment option
      Then the call succeeds

    @A-4.11 @A-7#12
    Scenario: Set Default, whose own status is not shown, succeeds with HTTP 200 or 201
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner makes the payment option the default
      Then the call succeeds

    @B-4.19 @A-7#12
    Scenario: Perform Address Check, whose status is not shown, succeeds with HTTP 200 or 201
      When the partner checks an address
      Then the call succeeds

    @A-4.6 @A-3 @A-3#7 @A-7#12
    Scenario: A closed account's refusal carries a code that goes with its HTTP status
      Given the partner has created an account
      And the partner has closed the account
      When the partner starts adding a payment option
      Then the call fails as a handled error

  Rule: The description of a missing field names every missing field

    @A-4.2 @A-7#3 @A-7#4
    Scenario: Create Account without city and postCode is rejected naming both
      When the partner creates an account without city and postCode
      Then the call is rejected as a syntax error naming city and postCode

  Rule: A value of the wrong data type is a syntax error

    @A-4.2 @A-7#1 @A-7#5
    Scenario Outline: Create Account with <field> as <kind> is rejected
      When the partner creates an account with <field> set to <value>
      Then the call is rejected as a syntax error

      @A-2.0 @A-2.0#12
      Examples: Booleans
        | field                             | kind                    | value   |
        | useDifferentCorrespondenceAddress | a string, not a boolean | "yes"   |
        | isBusinessUser                    | a string, not a boolean | "false" |

      Examples: Strings
        | field        | kind                    | value |
        | lastName     | a number, not a string  | 42    |
        | emailAddress | a boolean, not a string | true  |

      @A-2.0 @A-2.0#3
      Examples: Dates
        | field | kind                 | value    |
        | dob   | a number, not a date | 19840812 |

  Rule: A date or time not written YYYY-MM-DD or HHMMSS is a syntax error

    @A-2.0 @A-7#5
    Scenario Outline: When the partner <operation> with <field> <value>, the call is rejected
      Given the partner has created an account
      When the partner <operation> with <field> set to <value>
      Then the call is rejected as a syntax error

      @A-4.1 @A-2.0#3
      Examples: Issue Token, dates
        | operation        | field     | value        |
        | requests a token | localDate | "10.02.2026" |

      @A-4.2 @A-2.0#3
      Examples: Create Account, dates
        | operation          | field | value        |
        | creates an account | dob   | "12.08.1984" |
        | creates an account | dob   | "1984-8-12"  |

      @A-4.2 @A-2.0#4
      Examples: Create Account, times
        | operation          | field     | value      |
        | creates an account | localTime | "12:00:00" |
        | creates an account | localTime | "1200"     |

      @A-4.3 @A-2.0#3
      Examples: Update Account Information, dates
        | operation                       | field | value        |
        | updates the account information | dob   | "1984/08/12" |

      @A-4.4 @A-2.0#3
      Examples: Get Account Information, dates
        | operation                     | field     | value      |
        | reads the account information | localDate | "20260210" |

      @A-4.5 @A-2.0#4
      Examples: Close Account, times
        | operation          | field     | value   |
        | closes the account | localTime | "12:00" |

  Rule: A date or time that does not exist is refused

    @A-2.0 @A-2.0#5 @A-7#7
    Scenario Outline: When the partner <operation> with <field> <value>, the call is refused
      Given the partner has created an account
      When the partner <operation> with <field> set to <value>
      Then the call is refused as an invalid value, as a syntax error (advisory)

      @A-4.2
      Examples: Create Account
        | operation          | field     | value        |
        | creates an account | dob       | "1984-02-30" |
        | creates an account | dob       | "1984-13-01" |
        | creates an account | localDate | "2026-00-10" |
        | creates an account | localTime | "246000"     |

      @A-4.3
      Examples: Update Account Information
        | operation                       | field | value        |
        | updates the account information | dob   | "1990-02-29" |

      @A-4.4
      Examples: Get Account Information
        | operation                     | field     | value        |
        | reads the account information | localDate | "2026-02-30" |
        | reads the account information | localTime | "126000"     |

  Rule: A number (N) that is not all digits is a syntax error

    @A-2.0 @A-2.0#7 @A-7#5
    Scenario Outline: Given <state>, the partner <operation> with <field> <value>, which is rejected
      Given the partner has created an account
      And the partner has <state>
      When the partner <operation> with <field> set to <value>
      Then the call is rejected as a syntax error

      @B-4.3
      Examples: Authorize
        | operation                                           | state                            | field           | value      |
        | authorizes a payment with the stored payment option | stored a verified payment option | oneTimePassword | "1234567a" |

      @B-4.9
      Examples: Revoke Consent
        | operation           | state           | field           | value      |
        | revokes the consent | added a consent | oneTimePassword | "1234567a" |

    @A-4.9 @A-2.0 @A-2.0#7 @A-7#5
    Scenario: Complete Verify with a verificationCode that is not all digits is rejected
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option with verificationCode set to "12345a"
      Then the call is rejected as a syntax error

    @B-4.12 @A-2.0 @A-2.0#7 @A-7#5
    Scenario: Account Enquiry with a top that is not all digits is rejected
      Given the partner has created an account
      When the partner reads the account entries with top set to "1a"
      Then the call is rejected as a syntax error

  Rule: A body that is not JSON is a syntax error

    @A-7#5
    Scenario Outline: When the partner <operation> with a body that is not valid JSON, the call is rejected
      Given the partner has created an account
      When the partner <operation> with a body that is not valid JSON
      Then the call is rejected as a syntax error

      @A-4.1
      Examples: Issue Token
        | operation        |
        | requests a token |

      @A-4.2
      Examples: Create Account
        | operation          |
        | creates an account |

      @A-4.3
      Examples: Update Account Information
        | operation                       |
        | updates the account information |

      @A-4.5
      Examples: Close Account
        | operation          |
        | closes the account |

  Rule: A call without a token fails as a handled error with an HTTP error status

    @A-5 @A-4.4 @A-7#2 @A-7#6
    Scenario: Get Account Information without a token is a handled error
      Given the partner has created an account
      When the partner reads the account information without an X-Auth-Token
      Then the call fails as a handled error
