import Keyform
